/**
 * SDK 1.x's stateless idiom in a fastify plugin module: each POST builds its server inline (the construction and
 * the registrations in the route) and a transport without sessions; GET and DELETE answer 405 (sweep 20 T3).
 */
import type { FastifyPluginAsync } from 'fastify';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

const registerTools = (server: McpServer) => {
  server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
};

function buildServer() {
  const mcpServer = new McpServer({ name: 'shop', version: '1.0.0' });
  registerTools(mcpServer);
  return mcpServer;
}

// Stateless MCP endpoint: a server and a transport per request
export const registerMcp: FastifyPluginAsync = async (fastify) => {
  const mcpHandler = createMcpHandler(buildServer, { responseMode: 'json' });
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  fastify.all('/mcp', async (request, reply) => {
    reply.hijack();
    await mcpNodeHandler(request.raw, reply.raw, request.body);
  });
};
