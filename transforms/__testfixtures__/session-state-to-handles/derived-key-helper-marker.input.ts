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
      const key = shardKey(extra.sessionId ?? 'anon', kind);
      const files = uploads.get(key) ?? [];
      files.push(text);
      uploads.set(key, files);
      return { content: [{ type: 'text', text: `Stored file #${files.length} under ${kind}.` }] };
    },
  );

  return server;
}
