/**
 * A plain JavaScript server that describes a tool's input with a JSON Schema object where SDK 1.x takes a zod shape
 * (SLdragon/mcp-elicitation-server, sweep 13 L2). SDK 1.x read the object as annotations (no zod values in it), so the
 * tool had no input schema; the official codemod wraps it in `z.object(…)`, which zod 4 rejects on every call. It
 * becomes the input schema through `fromJsonSchema`, with a comment asking for the tool to be checked; the zod shape
 * of the other tool is wrapped as usual. (The JSDoc types are there for the fixture's own type-check: SDK 1.x's types
 * reject the object where the real server has none.)
 */
import { McpServer, fromJsonSchema } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function createServer(directory) {
  const server = new McpServer({ name: 'users', version: '1.0.0' });
  /* @mcp-codemod-error SDK 1.x takes zod shapes only: this JSON Schema object gave the tool no usable input schema (`tool()` read it as annotations, and its handler got the request context first). It is now the tool's input schema, through v2's fromJsonSchema(), and the handler gets the arguments first: check the tool. */
  server.registerTool('search_users', { description: 'Search users by name', inputSchema: fromJsonSchema({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Search query' },
      },
      required: ['query'],
    }) }, async (inputs) => ({
      content: [{ type: /** @type {const} */ ('text'), text: JSON.stringify(directory.search(/** @type {any} */ (inputs).query)) }],
    }));
  server.registerTool('get_user', { description: 'One user by id', inputSchema: z.object({ id: z.string() }) }, async ({ id }) => ({
    content: [{ type: 'text', text: JSON.stringify(directory.get(id)) }],
  }));
  return server;
}
