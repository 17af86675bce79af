/**
 * A sessionful express endpoint whose routes read the session id through a small helper, `getSessionId(req)`: the
 * helper only reads the Mcp-Session-Id header, so it is the session routing itself and goes with the registry
 * (written inline, the same read is removed the same way).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { z } from 'zod';

function createServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

const app = express();
app.use(express.json());
const sessions = new Map<string, { server: McpServer; transport: NodeStreamableHTTPServerTransport }>();

function getSessionId(req: express.Request): string | undefined {
  const value = req.headers['mcp-session-id'];
  return typeof value === 'string' ? value : undefined;
}

app.post('/mcp', async (req, res) => {
  const sessionId = getSessionId(req);
  if (sessionId && sessions.has(sessionId)) {
    await sessions.get(sessionId)!.transport.handleRequest(req, res, req.body);
    return;
  }
  const server = createServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
  if (transport.sessionId) sessions.set(transport.sessionId, { server, transport });
});

app.listen(3000);
