/**
 * One server built in `main()` with the project's own factory and served by whichever entry the command line picks: a
 * stateless route connecting it to a new transport per request, or stdio (marco2901/outlook-mcp-server's shape, sweep 33
 * AG1). Both entries are served from the factory, and the instance goes with the last of them.
 */
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

function createServer(): McpServer {
  const server = new McpServer({ name: 'mailbox', version: '0.9.0' });
  server.registerTool('count-unread', { description: 'How many messages are unread' }, async () => ({
    content: [{ type: 'text', text: '3' }],
  }));
  return server;
}

async function main(): Promise<void> {
  const server = createServer();
  if (process.argv.includes('--http')) {
    const app = express();
    app.use(express.json());
    // Stateless: a transport per request
    app.post('/mcp', async (req, res) => {
      const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => transport.close());
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    });
    app.listen(3000);
  } else {
    await server.connect(new StdioServerTransport());
  }
}

void main();
