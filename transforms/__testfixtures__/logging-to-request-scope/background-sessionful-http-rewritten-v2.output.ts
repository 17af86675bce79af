/**
 * A heartbeat logged outside any request, on a server whose sessionful Streamable HTTP endpoint the serving
 * transform makes stateless (a server and a transport per session, from a factory): after apply no connection
 * outlives a request, so no client could receive the heartbeat; it becomes a stderr line.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'monitor', version: '1.0.0' }, { capabilities: {} });
  setInterval(() => {
    // @mcp-migrate-todo(deprecated-feature/logging): logging outside a request: 2026-07-28 drops unsolicited notifications/message (Logging is deprecated, SEP-2577), so this now writes to stderr. Send it to OpenTelemetry or your logger, or log with ctx.mcpReq.log(level, data, logger) inside the handler whose work it describes.
    console.error(JSON.stringify({ level: 'info', logger: 'monitor', data: 'heartbeat' }));
  }, 60_000).unref();
  return server;
}

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: NodeStreamableHTTPServerTransport;
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport;
      },
    });
    await buildServer().connect(transport);
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
