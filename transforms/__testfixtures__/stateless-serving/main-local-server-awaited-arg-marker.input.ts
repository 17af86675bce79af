/**
 * The same entry as main-local-server-from-factory, but the factory's argument is awaited where the instance is built
 * (`createServer(await loadConfig())`): a closure cannot await it per request (review 42 S42-8: the marker suggested
 * `() => createServer(await loadConfig())`, which does not parse). The route is marked with what to compute first and the
 * factory closure to serve with; stdio, which still shares the instance with the route, is marked too.
 */
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

interface Config {
  mailbox: string;
}

async function loadConfig(): Promise<Config> {
  return { mailbox: process.env.MAILBOX ?? 'inbox' };
}

function createServer(config: Config): McpServer {
  const server = new McpServer({ name: config.mailbox, version: '0.9.0' });
  server.registerTool('count-unread', { description: 'How many messages are unread' }, async () => ({
    content: [{ type: 'text', text: '3' }],
  }));
  return server;
}

async function main(): Promise<void> {
  const server = createServer(await loadConfig());
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
