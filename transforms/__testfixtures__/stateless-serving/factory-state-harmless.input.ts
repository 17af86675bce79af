/**
 * A session server's factory whose own variables and objects are none of them state a call leaves for the next, so the
 * route is rewritten to createMcpHandler(createServer) (a review of session 30's refusal): a lookup table filled
 * while the factory builds the server, a connection opened lazily on first use, a counter nothing reads back, the level
 * of `logging/setLevel` (a feature's bookkeeping, handled by a function passed by name), a client that fills its
 * token lazily, and a logger whose setter no handler calls.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { z } from 'zod';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

class Logger {
  private level = 'info';
  setLevel(level: string): void {
    this.level = level;
  }
  log(message: string): void {
    console.error(`[${this.level}] ${message}`);
  }
}

class ApiClient {
  private token?: string;
  async lookup(code: string): Promise<string> {
    if (!this.token) this.token = process.env.API_TOKEN ?? 'anonymous';
    return `${code} (as ${this.token})`;
  }
}

interface Db {
  query(sql: string): Promise<string[]>;
}
declare function openDb(): Promise<Db>;

export function createServer(): McpServer {
  const byCode = new Map<string, string>();
  ['eur', 'usd'].forEach((code) => byCode.set(code, code.toUpperCase()));
  let db: Db | undefined;
  let calls = 0;
  let level = 'info';
  const logger = new Logger();
  const api = new ApiClient();
  const server = new McpServer({ name: 'rates', version: '1.0.0' }, { capabilities: { logging: {} } });
  const onSetLevel = async (request: { params: { level: string } }) => {
    level = request.params.level;
    return {};
  };
  server.server.setRequestHandler('logging/setLevel', onSetLevel);
  server.registerTool('rate', { description: 'The rate of a currency.', inputSchema: z.object({ code: z.string() }) }, async ({ code }) => {
    calls += 1;
    if (!db) db = await openDb();
    const rows = await db.query(`select rate from rates where code = '${byCode.get(code) ?? code}'`);
    logger.log(`rate ${code} at ${level}`);
    return { content: [{ type: 'text', text: `${await api.lookup(code)}: ${rows.join(', ')}` }] };
  });
  return server;
}

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    if (sessionId || !isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport!;
      },
    });
    const server = createServer();
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
