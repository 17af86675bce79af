/**
 * One module-level server connected to each session's transport, behind a route that also reads the caller's token
 * (amartiinezg/mcp-low-level-server-streamable-http, sweep 13 L5). The route's own logic stops the rewrite; the
 * marker's advice names `buildServer` (a function to write), not the `createServer` the refused rewrite would have
 * extracted from the module-level server and that the project does not have.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};
const server = new McpServer({ name: 'ping', version: '1.0.0' });
server.registerTool('ping', { description: 'Answer pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));

function extractToken(req: express.Request): string | undefined {
  return req.headers.authorization?.replace(/^Bearer /, '');
}

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const token = extractToken(req);
  console.log('token present:', !!token);
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
    await server.connect(transport);
  } else {
    res.status(400).json({ error: 'no session' });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
