// A workshop server on zod 4 that builds its schemas with zod 3's API, through zod 4's `zod/v3` entry
// (epicweb-dev/epicshop's shape). SDK v2 turns only zod 4 schemas into JSON Schema: the import reads `zod`.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod/v3';

export const server = new McpServer({ name: 'workshop', version: '1.0.0' });

server.registerTool(
  'get_exercise',
  {
    description: 'The instructions of one exercise step',
    inputSchema: { exercise: z.number().int().describe('Exercise number'), step: z.number().int().optional() },
  },
  async ({ exercise, step }) => ({ content: [{ type: 'text', text: `exercise ${exercise}, step ${step ?? 1}` }] }),
);
