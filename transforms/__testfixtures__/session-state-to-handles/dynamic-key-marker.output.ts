/**
 * Scratch notes spread over random buckets of the MCP session (SDK v1). The key mixes the session id
 * with a random bucket, so no handle can simply replace it: apply must leave a marker and change
 * nothing else.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const BUCKETS = 4;

const scratch: Record<string, string[]> = {};

function computeKey(sessionId: string, bucket: number): string {
  return `${sessionId}#${bucket}`;
}

export function createScratchServer(): McpServer {
  const server = new McpServer({ name: 'scratch', version: '0.1.0' });

  server.registerTool(
    'jot',
    { description: 'Jot down a line.', inputSchema: { line: z.string() } },
    async ({ line }, extra) => {
      // @mcp-migrate-todo(session-state/keyed-store): not rewritten automatically: the key is computed from the session id in a way the handle cannot replace. Re-key `scratch` by an explicit handle minted by a create tool and checked against the caller.
      // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `scratch`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
      const notes = (scratch[computeKey(extra.sessionId!, Math.floor(Math.random() * BUCKETS))] ??= []);
      notes.push(line);
      return { content: [{ type: 'text', text: `Noted (${notes.length} in this bucket).` }] };
    },
  );

  return server;
}
