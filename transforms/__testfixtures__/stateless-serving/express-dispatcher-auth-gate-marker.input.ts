/**
 * The named handler mounted on POST, GET and DELETE of /mcp (express-dispatcher's shape), which first checks the
 * caller's API key and answers 401 itself (sweep 12 K1). Rewriting the handler would drop that check with its body:
 * the handler is marked, and the marker says to move the check into middleware first.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';

const log = {
  info: (data: object, message?: string) => console.log(message ?? '', data),
  warn: (data: object, message?: string) => console.warn(message ?? '', data),
  error: (data: object, message?: string) => console.error(message ?? '', data),
};

const SERVER_NAME = 'greeter';

const buildServer = () => {
  const server = new McpServer({ name: SERVER_NAME, version: '2.1.0' });
  server.registerTool('greet', { description: 'Say hello' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));
  return server;
};

const app = express();
app.use(express.json());

const sessions: { [id: string]: NodeStreamableHTTPServerTransport } = {};

const API_KEY = process.env.GREETER_API_KEY;

const handleMcp = async (req: express.Request, res: express.Response) => {
  if (API_KEY && req.get('x-api-key') !== API_KEY) {
    res.status(401).json({ error: 'invalid API key' });
    return;
  }
  const sessionId = req.headers['mcp-session-id'] as string | undefined;

  try {
    if (req.method === 'POST' && !sessionId && isInitializeRequest(req.body)) {
      log.info({}, 'opening a session');
      const transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions[id] = transport;
          transport.onclose = () => {
            delete sessions[id];
            log.info({ id }, 'session closed');
          };
        },
      });
      await buildServer().connect(transport);
      await transport.handleRequest(req, res, req.body);
      return;
    }

    if (sessionId && sessions[sessionId]) {
      await sessions[sessionId].handleRequest(req, res, req.body);
      return;
    }

    if (sessionId) {
      log.warn({ sessionId }, 'unknown session');
      res.status(404).json({ error: 'Session not found' });
      return;
    }

    // A GET without a session tells the caller what this server is.
    if (req.method === 'GET') {
      res.json({ name: SERVER_NAME, transport: 'streamable-http' });
      return;
    }

    res.status(400).json({ error: 'Session ID required' });
  } catch (failure) {
    log.error({ failure: String(failure) }, 'MCP request failed');
    if (!res.headersSent) res.status(500).json({ error: 'Internal server error' });
  }
};

app.post('/mcp', handleMcp);
app.get('/mcp', handleMcp);
app.delete('/mcp', handleMcp);

process.on('SIGTERM', async () => {
  for (const id of Object.keys(sessions)) await sessions[id]!.close();
  process.exit(0);
});

app.listen(3000);
