/**
 * Uploads sharded by a hash of the MCP session id, computed in a helper (SDK v1). No handle can
 * simply replace the session id: apply must leave a marker and change nothing else.
 */
import { createHash } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const uploads = new Map<string, string[]>();

function shardKey(sessionId: string, kind: string): string {
  return `${createHash('sha256').update(sessionId).digest('hex').slice(0, 12)}/${kind}`;
}

export function createUploadServer(): McpServer {
  const server = new McpServer({ name: 'uploads', version: '0.2.0' });

  server.registerTool(
    'upload',
    { description: 'Upload a small text file.', inputSchema: { kind: z.enum(['csv', 'json']), text: z.string().max(100_000) } },
    async ({ kind, text }, extra) => {
      // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `uploads`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is 'anon' (the fallback), so all such requests share that one entry. Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
      const key = shardKey(extra.sessionId ?? 'anon', kind);
      // @mcp-migrate-todo(session-state/keyed-store): not rewritten automatically: the key is computed from the session id in a way the handle cannot replace. Re-key `uploads` by an explicit handle minted by a create tool and checked against the caller.
      const files = uploads.get(key) ?? [];
      files.push(text);
      uploads.set(key, files);
      return { content: [{ type: 'text', text: `Stored file #${files.length} under ${kind}.` }] };
    },
  );

  return server;
}
