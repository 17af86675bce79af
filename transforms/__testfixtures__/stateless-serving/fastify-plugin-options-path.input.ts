/**
 * SDK 1.x's stateless idiom (a server and a `sessionIdGenerator: undefined` transport per request) in a route of a
 * Fastify instance the plugin is handed (haroldadmin/fastify-mcp's stateless plugin), on the path its options give.
 * The plugin is typed `FastifyPluginAsync`, so its instance is a fastify one (sweep 20 T3; until then this was an
 * unrecognised router, marked): served by the handler, on the same path.
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
