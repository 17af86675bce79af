/**
 * One server built in `main()` with the project's own factory and served by whichever entry the command line picks: a
 * stateless route connecting it to a new transport per request, or stdio (marco2901/outlook-mcp-server's shape, sweep 33
 * AG1). Both entries are served from the factory, and the instance goes with the last of them.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function createServer(): McpServer {
  const server = new McpServer({ name: 'mailbox', version: '0.9.0' });
  server.registerTool('count-unread', { description: 'How many messages are unread' }, async () => ({
    content: [{ type: 'text', text: '3' }],
  }));
  return server;
}

async function main(): Promise<void> {
  if (process.argv.includes('--http')) {
    const app = express();
    app.use(express.json());
    // Stateless: a transport per request
    const mcpHandler = createMcpHandler(createServer);
    const mcpNodeHandler = toNodeHandler(mcpHandler);
    app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
    app.listen(3000);
  } else {
    serveStdio(createServer);
  }
}

void main();
