/**
 * SDK 1.x's stateless idiom in a fastify plugin module: each POST builds its server inline (the construction and
 * the registrations in the route) and a transport without sessions; GET and DELETE answer 405 (sweep 20 T3).
 */
import type { FastifyPluginAsync } from 'fastify';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const registerTools = (server: McpServer) => {
  server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
};

// Stateless MCP endpoint: a server and a transport per request
export const registerMcp: FastifyPluginAsync = async (fastify) => {
  fastify.post('/mcp', async (request, reply) => {
    reply.hijack();
    const mcpServer = new McpServer({ name: 'shop', version: '1.0.0' });
    registerTools(mcpServer);
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', async () => {
      await transport.close();
      await mcpServer.close();
    });
    await mcpServer.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  fastify.get('/mcp', (_req, reply) => {
    reply.code(405).send();
  });
  fastify.delete('/mcp', (_req, reply) => {
    reply.code(405).send();
  });
};
