/**
 * The MCP endpoint as a fastify plugin in a module of its own, the usual fastify layout: the plugin is typed
 * `FastifyPluginAsync` and registered by the app module, so its instance is a fastify one although nothing in this
 * module calls `Fastify()` (sweep 20 T3).
 */
import type { FastifyPluginAsync } from 'fastify';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { buildServer } from './server.js';

export const mcpPlugin: FastifyPluginAsync = async (fastify) => {
  const mcpHandler = createMcpHandler(buildServer);
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  fastify.all('/mcp', async (request, reply) => {
    reply.hijack();
    await mcpNodeHandler(request.raw, reply.raw, request.body);
  });
};
