/**
 * Weather server on fastify, its MCP endpoint registered as a plugin (the usual fastify way to group
 * routes): the plugin's instance parameter is untyped, so it is a fastify instance by where it is used.
 */
import Fastify from 'fastify';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
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

const app = Fastify();

app.register(async (mcp) => {
  const mcpHandler = createMcpHandler(buildServer);
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  mcp.all('/mcp', async (request, reply) => {
    reply.hijack();
    await mcpNodeHandler(request.raw, reply.raw, request.body);
  });
});

await app.listen({ port: 3000 });
