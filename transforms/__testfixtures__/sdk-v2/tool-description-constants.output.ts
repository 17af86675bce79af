/**
 * v1 `server.tool(name, DESCRIPTION, SHAPE, handler)` with the description and the shape held in constants
 * (browserstack/mcp-server): the official codemod tells a description from a schema by syntax, so it read the
 * constant as the schema and the shape as annotations. The analysis knows the constant is a string.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const ADD_DESCRIPTION = 'Add two numbers and return the sum.';
const AddShape = { a: z.number(), b: z.number() };
const DESCRIPTIONS = { reset: 'Forget every total.' } as const;

export function createServer(): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  /* @mcp-codemod-error Could not verify the schema argument is a schema object. Raw shapes are deprecated in v2 — pass a Standard Schema object (e.g. z.object({ … })); no change is needed if it already is one. */
  server.registerTool('add', { description: ADD_DESCRIPTION, inputSchema: AddShape }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  server.registerTool('reset', { description: DESCRIPTIONS.reset, inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text', text: 'reset' }],
  }));
  return server;
}
