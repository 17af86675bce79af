/**
 * v1 `server.tool(name, DESCRIPTION, SHAPE, handler)` with the description and the shape held in constants
 * (browserstack/mcp-server): the official codemod tells a description from a schema by syntax, so it read the
 * constant as the schema and the shape as annotations. The analysis knows the constant is a string.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const ADD_DESCRIPTION = 'Add two numbers and return the sum.';
const AddShape = { a: z.number(), b: z.number() };
const DESCRIPTIONS = { reset: 'Forget every total.' } as const;

export function createServer(): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  server.tool('add', ADD_DESCRIPTION, AddShape, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  server.tool('reset', DESCRIPTIONS.reset, {}, async () => ({
    content: [{ type: 'text', text: 'reset' }],
  }));
  return server;
}
