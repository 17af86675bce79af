/**
 * A habit tracker on the low-level `Server`: hand-written JSON Schema in `tools/list`, one
 * `switch` in `tools/call`. Trackers are kept per MCP session.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const trackers: Record<string, Record<string, number>> = {};

export function createTrackerServer(): Server {
  const server = new Server({ name: 'habit-tracker', version: '0.9.1' }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: 'log_habit',
        description: 'Record that a habit was done today.',
        inputSchema: {
          type: 'object',
          properties: { habit: { type: 'string', description: 'Name of the habit' } },
          required: ['habit'],
        },
      },
      {
        name: 'show_streaks',
        description: 'Show every habit and its streak.',
        inputSchema: { type: 'object', properties: {} },
      },
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const sid = extra.sessionId ?? 'default';
    switch (request.params.name) {
      case 'log_habit': {
        const habit = String(request.params.arguments?.habit ?? '');
        const mine = (trackers[sid] ??= {});
        mine[habit] = (mine[habit] ?? 0) + 1;
        return { content: [{ type: 'text', text: `${habit}: ${mine[habit]} day(s)` }] };
      }
      case 'show_streaks': {
        const mine = trackers[sid] ?? {};
        const lines = Object.entries(mine).map(([habit, days]) => `${habit}: ${days}`);
        return { content: [{ type: 'text', text: lines.join('\n') || 'No habits yet.' }] };
      }
      default:
        throw new Error(`Unknown tool: ${request.params.name}`);
    }
  });

  return server;
}
