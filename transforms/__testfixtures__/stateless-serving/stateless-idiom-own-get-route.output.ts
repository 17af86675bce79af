/**
 * The v1 stateless idiom whose GET route on the MCP path is the project's own liveness probe (mplabs/anylist-mcp's shape,
 * sweep 27 AA9): it answers 200 with a status body, not the idiom's 405. It stays as written, and the endpoint stays a
 * POST route so that the probe is still reached; the DELETE route, the idiom's 405, goes.
 */
import express, { type Request, type Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function getServer() {
  const server = new McpServer({ name: 'lists', version: '1.0.0' });
  server.registerTool('ping_me', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(getServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.post('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

// liveness probe used by the load balancer
app.get('/mcp', (_req: Request, res: Response) => {
  res.status(200).json({ status: 'ok' });
});

app.delete('/mcp', (_req: Request, res: Response) => {
  res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
});

app.listen(3000);
