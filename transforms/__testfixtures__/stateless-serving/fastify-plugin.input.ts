/**
 * Weather server on fastify, its MCP endpoint registered as a plugin (the usual fastify way to group
 * routes): the plugin's instance parameter is untyped, so it is a fastify instance by where it is used.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.registerTool(
    'forecast',
    { description: 'Forecast for a city.', inputSchema: z.object({ city: z.string() }) },
    async ({ city }) => ({ content: [{ type: 'text', text: `${city}: sunny` }] }),
  );
  return server;
}

// Transports by session id.
const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

const app = Fastify();

app.register(async (mcp) => {
  mcp.post('/mcp', async (request, reply) => {
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
});

await app.listen({ port: 3000 });
