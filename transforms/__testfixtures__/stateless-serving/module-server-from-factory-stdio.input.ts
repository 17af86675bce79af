/**
 * One server the module builds at startup with the project's own factory, connected to a new transport per request
 * by the HTTP entry and to stdio by the other (sweep 33 AG1): both entries are served from the factory, and the
 * module's instance goes; the stdio entry's shutdown hook closes the serving handle (review 42 S42-5: it held the route
 * back).
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

const server = createServer();

async function main(): Promise<void> {
  if (process.env.PORT) {
    const app = express();
    app.use(express.json());
    app.post('/mcp', async (req, res) => {
      const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => transport.close());
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    });
    app.listen(Number(process.env.PORT));
  } else {
    await server.connect(new StdioServerTransport());
    process.on('SIGINT', async () => {
      await server.close();
      process.exit(0);
    });
  }
}

void main();
