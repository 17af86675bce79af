/**
 * A helper returns a stateless transport, and only start-up code calls it (ElMouddenRiad/mcp-thais-nodejs-streamable-http,
 * sweep 13 L7): one transport serves every request. The marker says so, instead of calling the transport one made
 * per request (which the SDK 1.x idiom would be).
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function createMcpTransport(): NodeStreamableHTTPServerTransport {
  return new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
}

async function createMcpServer(): Promise<{ mcp: McpServer; transport: NodeStreamableHTTPServerTransport }> {
  const mcp = new McpServer({ name: 'thais', version: '1.0.0' });
  mcp.registerTool('ping', { description: 'Answer pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  const transport = createMcpTransport();
  await mcp.connect(transport);
  return { mcp, transport };
}

const { transport } = await createMcpServer();
const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
