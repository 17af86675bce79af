/**
 * A habit tracker on the low-level `Server`: hand-written JSON Schema in `tools/list`, one
 * `switch` in `tools/call`. Trackers are kept per MCP session.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createHandleRegistry } from './mcp-handles.js';

const trackers: Record<string, Record<string, number>> = {};

/** tracker_id handles (mcp-migrate): minted by create_tracker, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const trackerHandles = createHandleRegistry({
  prefix: 'tracker',
  argument: 'tracker_id',
  mintTool: 'create_tracker',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => delete trackers[id],
});

export function createTrackerServer(): Server {
  const server = new Server({ name: 'habit-tracker', version: '0.9.1' }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: 'log_habit',
        description: 'Record that a habit was done today.',
        inputSchema: {
          type: 'object',
          properties: { habit: { type: 'string', description: 'Name of the habit' }, tracker_id: { type: 'string', maxLength: 30, pattern: '^tracker_[A-Za-z0-9_-]{22}$', description: 'The tracker_id returned by create_tracker.' } },
          required: ['habit', 'tracker_id'],
        },
      },
      { name: 'create_tracker', description: 'Create a new tracker and return its tracker_id. Pass the tracker_id to log_habit and show_streaks. A tracker_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_tracker again.', inputSchema: { type: 'object', properties: { idempotency_key: { type: 'string', maxLength: 128, description: 'Optional. Retrying with the same key returns the same tracker_id instead of creating a second tracker, for as long as that tracker_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.' } } } },
      {
        name: 'show_streaks',
        description: 'Show every habit and its streak.',
        inputSchema: { type: 'object', properties: { tracker_id: { type: 'string', maxLength: 30, pattern: '^tracker_[A-Za-z0-9_-]{22}$', description: 'The tracker_id returned by create_tracker.' } }, required: ['tracker_id'] },
      },
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name === 'create_tracker') {
      const key = request.params.arguments?.idempotency_key;
      const tracker_id = trackerHandles.mintOrRefuse(extra, typeof key === 'string' ? key : undefined);
      if (typeof tracker_id !== 'string') return tracker_id;
      return {
        content: [{ type: 'text' as const, text: `tracker_id: ${tracker_id}` }],
        structuredContent: { tracker_id },
      };
    }

    const sid = String(request.params.arguments?.tracker_id ?? '');
    switch (request.params.name) {
      case 'log_habit': {
        const trackerDenied = trackerHandles.check(String(request.params.arguments?.tracker_id ?? ''), extra);
        if (trackerDenied) return trackerDenied;
        const habit = String(request.params.arguments?.habit ?? '');
        const mine = (trackers[sid] ??= {});
        mine[habit] = (mine[habit] ?? 0) + 1;
        return { content: [{ type: 'text', text: `${habit}: ${mine[habit]} day(s)` }] };
      }
      case 'show_streaks': {
        const trackerDenied = trackerHandles.check(String(request.params.arguments?.tracker_id ?? ''), extra);
        if (trackerDenied) return trackerDenied;
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
