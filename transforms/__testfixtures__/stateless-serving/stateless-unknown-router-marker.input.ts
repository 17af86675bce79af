/**
 * SDK 1.x's stateless idiom (a server and a `sessionIdGenerator: undefined` transport per request) in a route of a
 * Fastify instance the plugin is handed (haroldadmin/fastify-mcp's stateless plugin), a router mcp-migrate does not
 * follow: not rewritten, and the marker says what replaces it, with no session registry or routes to remove.
 */
import type { FastifyPluginAsync } from 'fastify';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function buildServer(): McpServer {
  return new McpServer({ name: 'greeter', version: '0.0.1' });
}

export const statelessPlugin: FastifyPluginAsync<{ endpoint: string }> = async (fastify, options) => {
  fastify.post(options.endpoint, async (req, reply) => {
    const server = buildServer();
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });
};
