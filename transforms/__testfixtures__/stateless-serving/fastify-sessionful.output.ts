/**
 * Inventory server on fastify: Streamable HTTP, one transport per MCP session
 * (SDK v2 imports, 2025-era serving). fastify parses JSON bodies itself.
 */
import Fastify from 'fastify';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

const stock = new Map<string, number>();

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'inventory', version: '1.0.0' });
  server.registerTool(
    'restock',
    { description: 'Add units of a SKU to the stock.', inputSchema: z.object({ sku: z.string(), units: z.number().int().positive() }) },
    async ({ sku, units }) => {
      stock.set(sku, (stock.get(sku) ?? 0) + units);
      return { content: [{ type: 'text', text: `${sku}: ${stock.get(sku)} units` }] };
    },
  );
  return server;
}

const app = Fastify({ logger: false });

const mcpHandler = createMcpHandler(buildServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', async (request, reply) => {
  reply.hijack();
  await mcpNodeHandler(request.raw, reply.raw, request.body);
});

app.get('/health', async () => ({ ok: true }));

await app.listen({ port: 3000 });
