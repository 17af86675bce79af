/**
 * The v1 stateless idiom behind a token check on POST only (Doist/todoist-ai): GET answers 405 without asking for a
 * token. One `all` route carrying the middleware would answer GET with 401 (a client may read that as "start OAuth"),
 * so the endpoint stays a POST route and the GET route stays as written.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function getMcpServer() {
  const server = new McpServer({ name: 'tasks', version: '3.2.0' });
  server.registerTool('list_tasks', { description: 'Lists open tasks.' }, async () => ({ content: [{ type: 'text', text: '[]' }] }));
  return server;
}

function requireToken(req: Request, res: Response, next: NextFunction) {
  if (!req.headers.authorization?.startsWith('Bearer ')) {
    res.status(401).set('WWW-Authenticate', 'Bearer').end();
    return;
  }
  next();
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(getMcpServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.post('/mcp', requireToken, (req, res) => mcpNodeHandler(req, res, req.body));

app.get('/mcp', (_req: Request, res: Response) => {
  res.status(405).set('Allow', 'POST').send('Method Not Allowed');
});

app.listen(3000);
