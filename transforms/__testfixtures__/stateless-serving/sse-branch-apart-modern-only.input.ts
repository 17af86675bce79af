/**
 * One program, two ways to serve it, picked when it starts (`--transport sse` or Streamable HTTP, nrwl/nx-console's
 * shape): the HTTP+SSE routes are in the other branch of the `if` from the Streamable HTTP ones, so a run serving
 * HTTP+SSE serves nothing else. With --modern-only both branches serve the 2026-07-28 entry: the Streamable HTTP
 * route is rewritten, and the SSE routes give way to an entry of their own (the single transport they shared goes too).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
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
  const transports = new Map<string, NodeStreamableHTTPServerTransport>();
  app.use(express.json());
  app.post('/mcp', async (req, res) => {
    const sessionId = req.header('mcp-session-id');
    let transport = sessionId ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId || !isInitializeRequest(req.body)) {
        res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
        return;
      }
      const created = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, created);
        },
      });
      transport = created;
      await createWorkspaceServer().connect(created);
    }
    await transport.handleRequest(req, res, req.body);
  });
} else {
  // Older clients: one stream at a time.
  let transport: SSEServerTransport | undefined;
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
}

app.listen(Number(process.env.PORT ?? 9921));
