/**
 * A plain JavaScript server that describes a tool's input with a JSON Schema object where SDK 1.x takes a zod shape
 * (SLdragon/mcp-elicitation-server, sweep 13 L2). SDK 1.x read the object as annotations (no zod values in it), so the
 * tool had no input schema; the official codemod wraps it in `z.object(…)`, which zod 4 rejects on every call. It
 * becomes the input schema through `fromJsonSchema`, with a comment asking for the tool to be checked; the zod shape
 * of the other tool is wrapped as usual. (The JSDoc types are there for the fixture's own type-check: SDK 1.x's types
 * reject the object where the real server has none.)
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function createServer(directory) {
  const server = new McpServer({ name: 'users', version: '1.0.0' });
  server.tool(
    'search_users',
    'Search users by name',
    /** @type {any} */ ({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Search query' },
      },
      required: ['query'],
    }),
    async (inputs) => ({
      content: [{ type: /** @type {const} */ ('text'), text: JSON.stringify(directory.search(/** @type {any} */ (inputs).query)) }],
    }),
  );
  server.tool('get_user', 'One user by id', { id: z.string() }, async ({ id }) => ({
    content: [{ type: 'text', text: JSON.stringify(directory.get(id)) }],
  }));
  return server;
}
