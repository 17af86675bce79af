/**
 * A session server's factory whose own variables and objects are none of them state a call leaves for the next, so the
 * route is rewritten to createMcpHandler(createServer) (a review of session 30's refusal): a lookup table filled
 * while the factory builds the server, a connection opened lazily on first use, a counter nothing reads back, the level
 * of `logging/setLevel` (a feature's bookkeeping, handled by a function passed by name), a client that fills its
 * token lazily, and a logger whose setter no handler calls.
 */
import express from 'express';
import { z } from 'zod';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

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

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(createServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
