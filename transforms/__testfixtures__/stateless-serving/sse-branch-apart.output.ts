/**
 * One program, two ways to serve it, picked when it starts (`--transport sse` or Streamable HTTP, nrwl/nx-console's
 * shape): the HTTP+SSE routes are in the other branch of the `if` from the Streamable HTTP ones, so a run serving
 * HTTP+SSE serves nothing else. By default the SSE routes stay for 2025-era clients and an entry of their own goes
 * after them, so 2026-07-28 clients reach a run of either kind.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

function createWorkspaceServer(): McpServer {
  const server = new McpServer({ name: 'workspace', version: '3.2.0' });
  server.registerTool('list_projects', { description: 'The projects of the workspace.' }, async () => ({
    content: [{ type: 'text', text: 'app, api, shared' }],
  }));
  return server;
}

const useSse = process.argv.includes('--transport=sse');
const app = express();

if (!useSse) {
  app.use(express.json());
  const mcpHandler = createMcpHandler(createWorkspaceServer);
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
} else {
  // Older clients: one stream at a time.
  let transport: SSEServerTransport | undefined;
  // @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /sse, POST /messages) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, so the session ids it reads, logs and keys its registry with stay with it. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` removes it; 2026-07-28 clients use the Streamable HTTP endpoint this migration added on /mcp (`mcpHandler`).
  app.get('/sse', async (_req, res) => {
    transport = new SSEServerTransport('/messages', res);
    await createWorkspaceServer().connect(transport);
  });
  app.post('/messages', async (req, res) => {
    if (!transport) {
      res.status(409).send('No open stream');
      return;
    }
    await transport.handlePostMessage(req, res);
  });

  // Streamable HTTP for 2026-07-28 clients (and 2025-era clients, without sessions)
  const mcpHandler = createMcpHandler(createWorkspaceServer);
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
}

app.listen(Number(process.env.PORT ?? 9921));
