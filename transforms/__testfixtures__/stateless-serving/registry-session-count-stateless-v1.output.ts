/**
 * Notes server: Streamable HTTP, one transport per MCP session (SDK v1, 2025-era serving).
 */
import express, { type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const notes: string[] = [];

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool(
    'add_note',
    { description: 'Add a note.', inputSchema: { text: z.string() } },
    async ({ text }) => {
      notes.push(text);
      return { content: [{ type: 'text', text: `${notes.length} notes` }] };
    },
  );
  return server;
}

const app = express();
app.use(express.json());

app.post('/mcp', async (req: Request, res: Response) => {
  const server = buildServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    console.error('Error handling MCP request:', error);
    if (!res.headersSent) {
      res
        .status(500)
        .json({
          jsonrpc: '2.0',
          error: { code: -32603, message: 'Internal server error' },
          id: null,
        });
    }
  }
});

app.get('/mcp', async (req: Request, res: Response) => {
  res
    .status(405)
    .set('Allow', 'POST')
    .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
});

app.delete('/mcp', async (req: Request, res: Response) => {
  res
    .status(405)
    .set('Allow', 'POST')
    .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
});

app.get('/health', (_req: Request, res: Response) => {
  // @mcp-migrate-todo(session-transport/transport-registry): `transports.size` counted the sessions in `transports`, the session registry that stateless serving removed: 2026-07-28 has no sessions, so it is 0 now. Drop it from what this code reports, or count something that still exists (requests in flight).
  res.json({ ok: true, openSessions: 0 });
});

app.listen(3000);
