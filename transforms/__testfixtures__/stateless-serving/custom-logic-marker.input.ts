/**
 * The stateless idiom with the route's own logic in it (hangwin/mcp-chrome keeps its own status table,
 * mhart/mcp-hono-stateless converts the request itself): marked, nothing rewritten. The marker is above the
 * statement it names, so it names no line (one would be the text this transform read, not the file's). A check that
 * only answers the request (a 401, a 400) is not such logic: it is kept in front of the entry (express-auth-gate).
 */
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

const STATUS = { served: 0 };

function getServer(): McpServer {
  return new McpServer({ name: 'echo', version: '1.0.0' });
}

const app = express();
app.use(express.json());

app.post('/mcp', async (req: Request, res: Response) => {
  STATUS.served += 1;
  const server = getServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
