/**
 * The MCP endpoint as a fastify plugin in a module of its own, the usual fastify layout: the plugin is typed
 * `FastifyPluginAsync` and registered by the app module, so its instance is a fastify one although nothing in this
 * module calls `Fastify()` (sweep 20 T3).
 */
import type { FastifyPluginAsync } from 'fastify';
import { randomUUID } from 'node:crypto';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest } from '@modelcontextprotocol/server';
import { buildServer } from './server.js';

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

export const mcpPlugin: FastifyPluginAsync = async (fastify) => {
  fastify.post('/mcp', async (request, reply) => {
    const sessionId = request.headers['mcp-session-id'] as string | undefined;
    let transport = sessionId ? transports[sessionId] : undefined;
    if (!transport) {
      if (sessionId || !isInitializeRequest(request.body)) {
        return reply.code(400).send({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
      }
      const created = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          transports[sid] = created;
        },
      });
      transport = created;
      await buildServer().connect(created);
    }
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
};
