/**
 * A sessionful endpoint whose transport is a project subclass of the SDK's Streamable HTTP transport (it logs every
 * message it sends): the rewrite would drop the subclass with what it overrides, so the endpoint is marked, and the
 * marker says what to move first.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';

class LoggingTransport extends NodeStreamableHTTPServerTransport {
  override async send(...args: Parameters<NodeStreamableHTTPServerTransport['send']>) {
    console.error('send', args[0]);
    return super.send(...args);
  }
}

function buildServer() {
  return new McpServer({ name: 'ledger', version: '1.4.0' });
}

const app = express();
app.use(express.json());
const transports = new Map<string, LoggingTransport>();

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  const existing = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
  if (existing) {
    await existing.handleRequest(req, res, req.body);
    return;
  }
  if (!sessionId && isInitializeRequest(req.body)) {
    // @mcp-migrate-todo(session-transport/session-id-generator): the transport is `LoggingTransport`, a class of this project extending the SDK's NodeStreamableHTTPServerTransport: what it overrides would go with it. Move that behaviour into the server or the route (logging, headers), then serve the endpoint statelessly. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405). `buildServer` already builds the server: serve with it (a new server per request).
    const transport = new LoggingTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
      },
    });
    await buildServer().connect(transport);
    await transport.handleRequest(req, res, req.body);
    return;
  }
  res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request' }, id: null });
});

app.listen(3000);
