/**
 * Plain node:http already serving without sessions in SDK 1.x's idiom (SDK v2 imports), with the transport's DNS-rebinding
 * protection (dynatrace-mcp): createMcpHandler has no such option, so it is left as it is, with a note and no marker
 * (there is no session to replace).
 */
import { createServer } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'plain', version: '1.0.0' });
  server.registerTool('ping_me', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const httpServer = createServer(async (req, res) => {
  const server = buildServer();
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableDnsRebindingProtection: true,
    allowedHosts: ['localhost:3000', '127.0.0.1:3000'],
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
});

httpServer.listen(3000);
