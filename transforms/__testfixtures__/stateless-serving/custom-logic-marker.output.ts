/**
 * The stateless idiom with the route's own logic in it (hangwin/mcp-chrome answers with its own status table,
 * mhart/mcp-hono-stateless converts the request itself): marked, nothing rewritten. The marker is above the
 * statement it names, so it names no line (one would be the text this transform read, not the file's).
 */
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

const STATUS = { BAD_REQUEST: 400 };

function getServer(): McpServer {
  return new McpServer({ name: 'echo', version: '1.0.0' });
}

const app = express();
app.use(express.json());

app.post('/mcp', async (req: Request, res: Response) => {
  if (!req.is('application/json')) {
    // @mcp-migrate-todo(session-transport/session-id-generator): custom logic in the MCP route (uses `STATUS`): not rewritten automatically. Keep that logic in middleware. Serve the endpoint with `createMcpHandler(getServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405).
    res.status(STATUS.BAD_REQUEST).send('JSON only');
    return;
  }
  const server = getServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
