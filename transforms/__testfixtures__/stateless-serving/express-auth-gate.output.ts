/**
 * A sessionful express endpoint that checks the caller's bearer token before anything else (samuelhalff/msgraph-mcp's
 * shape, sweep 12 K1): the check is the server's authentication, not session plumbing. The stateless entry replaces
 * the session routing; the check stays in front of it, for every method of the endpoint.
 */
import express, { type Request, type Response } from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

const API_TOKEN = process.env.MCP_TOKEN ?? 'dev-token';

function createServer(): McpServer {
  const server = new McpServer({ name: 'mail', version: '1.0.0' });
  server.registerTool('inbox_count', { description: 'How many unread mails.' }, async () => ({ content: [{ type: 'text', text: '3' }] }));
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(createServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req: Request, res: Response) => {
  const auth = req.headers.authorization;
  if (auth !== `Bearer ${API_TOKEN}`) {
    res.status(401).json({ error: 'authentication_required' });
    return;
  }
  return mcpNodeHandler(req, res, req.body);
});

app.listen(3000);
