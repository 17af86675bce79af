/**
 * SDK 1.x's stateless idiom (a server and a `sessionIdGenerator: undefined` transport per request) in a route of a
 * Fastify instance the plugin is handed (haroldadmin/fastify-mcp's stateless plugin), on the path its options give.
 * The plugin is typed `FastifyPluginAsync`, so its instance is a fastify one (sweep 20 T3; until then this was an
 * unrecognised router, marked): served by the handler, on the same path.
 */
import type { FastifyPluginAsync } from 'fastify';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function buildServer(): McpServer {
  return new McpServer({ name: 'greeter', version: '0.0.1' });
}

export const statelessPlugin: FastifyPluginAsync<{ endpoint: string }> = async (fastify, options) => {
  const mcpHandler = createMcpHandler(buildServer);
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  fastify.all(options.endpoint, async (request, reply) => {
    reply.hijack();
    await mcpNodeHandler(request.raw, reply.raw, request.body);
  });
};
