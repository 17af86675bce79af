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
      // @mcp-migrate-todo(session-state/per-session-server): the server is built once in `main()` by the project's factory (`createServer()`) and also used by `server.server.onerror = (error) => console.error('request fa` (line 27): a server per request from that factory would not have what that code adds to or takes from the shared instance. Move that code onto the server the factory builds (registrations into the factory; a shutdown hook closes the handler instead), then serve the endpoint with the factory. Serve the endpoint with `createMcpHandler(() => createServer())` mounted with `toNodeHandler` (GET/DELETE then answer 405).
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    });
    app.listen(3000);
  } else {
    // @mcp-migrate-todo(session-state/per-session-server): `server`, the server this stdio transport is connected to, is also used in another function (`server.server.onerror = (error) => console.error('request failed', error);`), which keeps it: serve stdio from the factory once that use is gone. Serve with `serveStdio(createServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory).
    await server.connect(new StdioServerTransport());
  }
}

void main();
