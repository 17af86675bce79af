/**
 * A sessionful express endpoint whose routes read the session id through a helper that also records when each
 * session was last seen (`lastSeen`): that is work of the project's own, not session routing, so the endpoint is
 * marked, not rewritten (session-id-helper: the helper that only reads the header goes with the registry).
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
const lastSeen = new Map<string, number>();

function getSessionId(req: express.Request): string | undefined {
  const value = req.headers['mcp-session-id'];
  if (typeof value !== 'string') return undefined;
  lastSeen.set(value, Date.now());
  return value;
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
