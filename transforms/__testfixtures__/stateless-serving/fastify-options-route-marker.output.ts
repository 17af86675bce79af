/**
 * Inventory server on fastify with its own OPTIONS route on /mcp: Streamable HTTP, one transport per MCP session
 * (SDK v2 imports, 2025-era serving). fastify parses JSON bodies itself.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
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

// Transports by session id.
const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

// @mcp-migrate-todo(session-transport/session-id-generator): the OPTIONS /mcp route stays, and fastify refuses `all(path, …)` beside another route on the same path: replace the session routes on this path by POST, GET and DELETE routes that hand the request to one stateless handler, by hand. Serve the endpoint's routes with `async (req, reply) => { reply.hijack(); await toNodeHandler(handler)(req.raw, reply.raw, req.body); }` and `const handler = createMcpHandler(buildServer)` (GET/DELETE then answer 405). `buildServer` already builds the server: serve with it (a new server per request).
app.post('/mcp', async (request: FastifyRequest, reply: FastifyReply) => {
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
    created.onclose = () => {
      if (created.sessionId) delete transports[created.sessionId];
    };
    transport = created;
    await buildServer().connect(created);
  }
  reply.hijack();
  await transport.handleRequest(request.raw, reply.raw, request.body);
});

app.get('/mcp', async (request: FastifyRequest, reply: FastifyReply) => {
  const sessionId = request.headers['mcp-session-id'] as string | undefined;
  const transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) return reply.code(400).send('Invalid or missing session ID');
  reply.hijack();
  await transport.handleRequest(request.raw, reply.raw);
});

// CORS preflight for browser clients.
app.options('/mcp', async (_request: FastifyRequest, reply: FastifyReply) => {
  return reply.header('access-control-allow-origin', '*').code(204).send();
});

app.get('/health', async () => ({ ok: true }));

await app.listen({ port: 3000 });
