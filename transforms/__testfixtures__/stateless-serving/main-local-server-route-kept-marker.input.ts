/**
 * The same entry as main-local-server-from-factory, but the route counts the requests it serves on the shared
 * instance's own object, which a server built per request would not have: the route is marked and left, and the stdio
 * entry, which still shares the instance with it, is marked too (the instance cannot go while the route uses it).
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
    app.post('/mcp', async (req, res) => {
      const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => transport.close());
      server.server.onerror = (error) => console.error('request failed', error);
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    });
    app.listen(3000);
  } else {
    await server.connect(new StdioServerTransport());
  }
}

void main();
