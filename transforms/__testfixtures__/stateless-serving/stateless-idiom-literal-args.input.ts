/**
 * benborla/mcp-server-mysql's shape: the stateless idiom with a factory called with literal options (an object
 * literal of constants). The value is the same wherever it is evaluated, so the entry gets a closure calling the
 * factory as the route did.
 */
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

const DEFAULT_SCHEMA = 'public';

function createMcpServer(options: { debug: boolean; schemas: string[] }): McpServer {
  const server = new McpServer({ name: 'mysql', version: options.debug ? 'dev' : '1.0.0' });
  server.registerTool('list_schemas', { description: 'The schemas this server reads' }, async () => ({
    content: [{ type: 'text', text: options.schemas.join(', ') }],
  }));
  return server;
}

const app = express();
app.use(express.json());

app.post('/mcp', async (req: Request, res: Response) => {
  const server = createMcpServer({ debug: false, schemas: [DEFAULT_SCHEMA, 'audit'] });
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
