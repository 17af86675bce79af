/**
 * Notes server: Streamable HTTP, one transport per MCP session (SDK v2 imports, 2025-era serving); its health
 * endpoint and a metrics line report how many sessions are open.
 */
import express, { type Request, type Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

const notes: string[] = [];

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool(
    'add_note',
    { description: 'Add a note.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => {
      notes.push(text);
      return { content: [{ type: 'text', text: `${notes.length} notes` }] };
    },
  );
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(buildServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.get('/health', (_req: Request, res: Response) => {
  // Monitoring alerts on these fields.
  // @mcp-migrate-todo(session-transport/transport-registry): `transports.size` counted the sessions in `transports`, the session registry that stateless serving removed: 2026-07-28 has no sessions, so it is 0 now. Drop it from what this code reports, or count something that still exists (requests in flight).
  res.json({ ok: true, notes: notes.length, openSessions: 0 });
});

setInterval(() => {
  // @mcp-migrate-todo(session-transport/transport-registry): `transports.size` counted the sessions in `transports`, the session registry that stateless serving removed: 2026-07-28 has no sessions, so it is 0 now. Drop it from what this code reports, or count something that still exists (requests in flight).
  console.error(`[metrics] sessions=0 notes=${notes.length}`);
}, 60_000).unref();

app.listen(3000);
