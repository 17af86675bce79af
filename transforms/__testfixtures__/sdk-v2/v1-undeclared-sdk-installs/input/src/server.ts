/**
 * A stdio research server whose package.json declares only the SDK: `zod` and `cors` reached node_modules as
 * dependencies of the SDK 1.x package, and the code imports both. Removing the SDK would leave the imports
 * unresolved, so package.json declares them (zod at what SDK v2 needs, cors at the range SDK 1.x installed).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import cors from 'cors';
import { z } from 'zod';

export const corsOptions: cors.CorsOptions = { origin: false };

const server = new McpServer({ name: 'research-bot', version: '0.1.0' });

server.registerTool(
  'outline',
  { description: 'Outline a research question.', inputSchema: { question: z.string().min(3) } },
  async ({ question }) => ({ content: [{ type: 'text', text: `1. ${question}` }] }),
);

await server.connect(new StdioServerTransport());
