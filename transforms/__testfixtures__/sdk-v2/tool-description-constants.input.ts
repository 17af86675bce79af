/**
 * v1 `server.tool(name, DESCRIPTION, SHAPE, handler)` with the description and the shape held in constants
 * (browserstack/mcp-server): the official codemod tells a description from a schema by syntax, so it read the
 * constant as the schema and the shape as annotations. The analysis knows the constant is a string. So is a
 * concatenation with a string literal (DeepLcom/deepl-mcp-server: `"…" + guidance`), with an inline shape whose calls
 * the wrapping in z.object replaces, or with no schema at all.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const ADD_DESCRIPTION = 'Add two numbers and return the sum.';
const AddShape = { a: z.number(), b: z.number() };
const DESCRIPTIONS = { reset: 'Forget every total.' } as const;
let GUIDANCE = 'Totals are kept per process.';
if (process.env.TOTALS_SHARED) GUIDANCE = 'Totals are shared.';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  server.tool('add', ADD_DESCRIPTION, AddShape, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  server.tool('reset', DESCRIPTIONS.reset, {}, async () => ({
    content: [{ type: 'text', text: 'reset' }],
  }));
  server.tool('total', 'The running total. ' + GUIDANCE, async () => ({
    content: [{ type: 'text', text: '0' }],
  }));
  server.tool('scale', 'Multiply the total. ' + GUIDANCE, { factor: z.number().describe('The factor') }, async ({ factor }) => ({
    content: [{ type: 'text', text: String(factor) }],
  }));
  return server;
}
