import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-transport/sse-transport.js';

ruleTester(rule, {
  valid: [
    {
      name: "an application's own ?sessionId= query parameter that looks up no transport",
      code: `import express from 'express';
const app = express();
const quizzes = new Map<string, number>();
app.post('/quiz', (req, res) => {
  res.json({ score: quizzes.get(String(req.query.sessionId)) ?? 0 });
});`,
    },
    {
      name: 'a shared server connected to per-request Streamable HTTP transports is not this rule',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const server = new McpServer({ name: 'x', version: '1' });
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'Streamable HTTP transport only',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export const t = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });`,
    },
    {
      name: 'client-side SSE transport',
      code: `import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
export const t = new SSEClientTransport(new URL('http://localhost:3000/sse'));`,
    },
    {
      name: 'a project class of the same name',
      code: {
        'src/my-sse.ts': 'export class SSEServerTransport { constructor(public path: string) {} }',
        'src/server.ts': `import { SSEServerTransport } from './my-sse.js';
export const t = new SSEServerTransport('/events');`,
      },
    },
    {
      name: 'type-only mention and a comment',
      code: `import type { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
// new SSEServerTransport('/messages', res) was removed
export function isLegacy(t: SSEServerTransport | undefined): boolean {
  return t !== undefined;
}`,
    },
    {
      name: '`searchParams.get(\'sessionId\')` next to a handlePostMessage of a project object',
      code: `import http from 'node:http';
const relay = { handlePostMessage: async (_req: unknown, _res: unknown) => {} };
http.createServer(async (req, res) => {
  const url = new URL(req.url!, 'http://x');
  const sessionId = url.searchParams.get('sessionId');
  if (sessionId) await relay.handlePostMessage(req, res);
});`,
    },
    {
      name: "a project's own transport connected to the server that writes no SSE frames (newline-delimited JSON over a socket)",
      code: `import type { Socket } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
class SocketTransport {
  onmessage?: (message: JSONRPCMessage) => void;
  constructor(private socket: Socket) {}
  async start(): Promise<void> {}
  async send(message: JSONRPCMessage): Promise<void> {
    this.socket.write(JSON.stringify(message) + '\\n');
  }
  async close(): Promise<void> {
    this.socket.end();
  }
}
export async function serve(socket: Socket): Promise<void> {
  const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
  await server.connect(new SocketTransport(socket));
}`,
    },
    {
      name: "a project class writing SSE frames that is never connected to an MCP server (the application's own event stream)",
      code: `import type { Response } from 'express';
export class TickerStream {
  constructor(private res: Response) {}
  push(price: number): void {
    this.res.write(\`data: \${price}\\n\\n\`);
  }
}
export function open(res: Response): TickerStream {
  return new TickerStream(res);
}`,
    },
  ],
  invalid: [
    {
      name: "a NestJS route's @Query('sessionId') on the HTTP+SSE message route is the session id; @Query('page') is not (sweep 39 AM2)",
      code: `import { Injectable, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import type { ServerResponse } from 'node:http';
@Injectable()
export class McpService {
  private transports = new Map<string, SSEServerTransport>();
  async open(res: ServerResponse) {
    const transport = new SSEServerTransport('/mcp/messages', res);
    this.transports.set(transport.sessionId, transport);
  }
  async post(sessionId: string, req: any, res: ServerResponse) {
    await this.transports.get(sessionId)?.handlePostMessage(req, res);
  }
}
@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpService) {}
  @Get('sse')
  async sse(@Res() res: ServerResponse) {
    await this.mcp.open(res);
  }
  @Post('messages')
  async messages(@Query('sessionId') sessionId: string, @Query('page') page: string, @Res() res: ServerResponse) {
    await this.mcp.post(sessionId, page, res);
  }
}`,
      errors: [
        { messageId: 'sse', line: 8 },
        { messageId: 'query', line: 23 },
      ],
    },
    {
      name: 'the ?sessionId= query read that finds a hand-written HTTP+SSE transport (a class implementing the SDK Transport) on hono (sweep 9 G1)',
      code: `import { Hono } from 'hono';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
class SSETransport implements Transport {
  sessionId = crypto.randomUUID();
  async start() {}
  async send() {}
  async close() {}
  async handlePostMessage(c: unknown) { return c; }
}
const app = new Hono();
const transports: Record<string, SSETransport> = {};
app.get('/sse', async (c) => {
  const t = new SSETransport();
  transports[t.sessionId] = t;
  return c.body(null);
});
app.post('/api/messages', (c) => {
  const t = transports[c.req.query('sessionId')!];
  return t ? t.handlePostMessage(c) : c.text('no session', 404);
});`,
      errors: [{ messageId: 'query', line: 18 }],
    },
    {
      name: "a hand-written HTTP+SSE transport (its own class, writing SSE frames) connected to an SDK server per connection (contentful-mcp's shape)",
      code: `import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
class SSEServerTransport {
  onmessage?: (message: JSONRPCMessage) => void;
  constructor(private id: string, private res: Response) {}
  async start(): Promise<void> {
    this.res.write('event: connected\\n');
    this.res.write(\`data: \${JSON.stringify({ sessionId: this.id })}\\n\\n\`);
  }
  async send(message: JSONRPCMessage): Promise<void> {
    this.res.write('data: ' + JSON.stringify(message) + '\\n\\n');
  }
  async close(): Promise<void> {
    this.res.end();
  }
}
export async function handleConnection(_req: Request, res: Response): Promise<string> {
  const id = randomUUID();
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
  const transport = new SSEServerTransport(id, res);
  await server.connect(transport);
  return id;
}`,
      errors: [{ messageId: 'own', line: 23 }],
    },
    {
      name: "a hand-written HTTP+SSE transport writing its frames with Hono's writeSSE, connected from a module that does not import the SDK (sweep 19 S3)",
      code: {
        'src/sse-transport.ts': `import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { SSEStreamingApi } from 'hono/streaming';
export class SseTransport implements Transport {
  readonly sessionId = crypto.randomUUID();
  onmessage?: (message: JSONRPCMessage) => void;
  constructor(private url: string, private stream: SSEStreamingApi) {}
  async start(): Promise<void> {
    await this.stream.writeSSE({ event: 'endpoint', data: \`\${this.url}?sessionId=\${this.sessionId}\` });
  }
  async send(message: JSONRPCMessage): Promise<void> {
    await this.stream.writeSSE({ event: 'message', data: JSON.stringify(message) });
  }
  async close(): Promise<void> {}
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function buildServer(): McpServer {
  return new McpServer({ name: 'x', version: '1' });
}`,
        'src/index.ts': `import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { buildServer } from './server.js';
import { SseTransport } from './sse-transport.js';
const app = new Hono();
app.get('/sse', (c) => streamSSE(c, async (stream) => {
  const transport = new SseTransport('/messages', stream);
  await buildServer().connect(transport);
}));`,
      },
      errors: [{ messageId: 'own', line: 7, file: 'src/index.ts' }],
    },
    {
      name: 'a project subclass of SSEServerTransport constructed per connection (in another module; the subclass itself is not a finding)',
      code: {
        'src/logging-transport.ts': `import type { ServerResponse } from 'node:http';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
export class LoggingSSEServerTransport extends SSEServerTransport {
  constructor(endpoint: string, res: ServerResponse) {
    super(endpoint, res);
  }
}`,
        'src/routes.ts': `import express from 'express';
import { LoggingSSEServerTransport } from './logging-transport.js';
import { buildServer } from './build.js';
const router = express.Router();
router.get('/sse', async (_req, res) => {
  const transport = new LoggingSSEServerTransport('/messages', res);
  await buildServer().connect(transport);
});
export default router;`,
      },
      errors: [{ messageId: 'sse', line: 6, file: 'src/routes.ts' }],
    },
    {
      name: '?sessionId= lookups: in the endpoint route, and in a node:http helper looking up the registry it is handed',
      code: `import express from 'express';
import http from 'node:http';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { buildServer } from './build.js';
const app = express();
const transports: Record<string, SSEServerTransport> = {};
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  await buildServer().connect(transport);
});
app.post('/messages', async (req, res) => {
  await transports[String(req.query.sessionId)]?.handlePostMessage(req, res);
});
async function handlePost(req: http.IncomingMessage, res: http.ServerResponse, url: URL, sessions: Map<string, SSEServerTransport>) {
  const sessionId = url.searchParams.get('sessionId');
  await sessions.get(sessionId!)?.handlePostMessage(req, res);
}
const live = new Map<string, SSEServerTransport>();
http.createServer(async (req, res) => {
  const url = new URL(req.url!, 'http://localhost');
  if (req.method === 'GET') {
    const transport = new SSEServerTransport('/sse', res);
    live.set(transport.sessionId, transport);
    await buildServer().connect(transport);
  } else await handlePost(req, res, url, live);
});`,
      errors: [
        { messageId: 'sse', line: 8 },
        { messageId: 'query', line: 13 },
        { messageId: 'query', line: 16 },
        { messageId: 'sse', line: 23 },
      ],
    },
    {
      name: '`?sessionId=` read in a route that is not the SSE message endpoint and hands nothing to an SSE transport',
      code: `import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
const app = express();
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  await transport.start();
});
app.get('/report', (req, res) => {
  res.json({ id: req.query.sessionId });
});`,
      errors: [{ messageId: 'sse', line: 5 }],
    },
    {
      name: 'the `?sessionId=` query read in the route the SSE transport posts to',
      code: `import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
const transports: Record<string, SSEServerTransport> = {};
const app = express();
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
});
app.post('/messages', async (req, res) => {
  const sessionId = req.query.sessionId as string;
  await transports[sessionId]?.handlePostMessage(req, res);
});`,
      errors: [
        { messageId: 'sse', line: 6 },
        { messageId: 'query', line: 10 },
      ],
    },
    {
      name: 'node:http: the query read in a function that hands the POST to a stored SSE transport',
      code: `import http from 'node:http';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
async function handleSse(req: http.IncomingMessage, res: http.ServerResponse, url: URL, sessions: Map<string, SSEServerTransport>) {
  if (req.method === 'POST') {
    const sessionId = url.searchParams.get('sessionId');
    const transport = sessions.get(sessionId!);
    return await transport?.handlePostMessage(req, res);
  }
}
export { handleSse };`,
      errors: [{ messageId: 'query', line: 5 }],
    },
    {
      name: "the query read in a helper the SSE message route calls (handed the request's query), and not in one only other routes call",
      code: `import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
interface Session { transport: { type: 'sse'; transport: SSEServerTransport } }
declare const sessions: Map<string, Session>;
function sessionIdFromQuery(query: express.Request['query']): string | undefined {
  const raw = query['sessionId'];
  return typeof raw === 'string' ? raw : undefined;
}
function reportIdFrom(query: express.Request['query']) {
  return query.sessionId;
}
const router = express.Router();
router.post('/messages', async (req, res) => {
  const sessionId = sessionIdFromQuery(req.query);
  const session = sessionId ? sessions.get(sessionId) : undefined;
  await session?.transport.transport.handlePostMessage(req, res, req.body);
});
router.get('/report', (req, res) => res.json({ id: reportIdFrom(req.query) }));`,
      errors: [{ messageId: 'query', line: 6 }],
    },
    {
      name: 'the query read in a route that hands the POST to a transport it narrowed with instanceof SSEServerTransport',
      code: `import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { MESSAGES_ENDPOINT } from './constants.js';
declare const registry: { getTransport(id: string): unknown };
const app = express();
app.post(MESSAGES_ENDPOINT, async (req, res) => {
  const sessionId = req.query.sessionId as string;
  const transport = registry.getTransport(sessionId);
  if (transport instanceof SSEServerTransport) {
    await transport.handlePostMessage(req, res, req.body);
    return;
  }
  res.status(404).end();
});
app.post('/other', async (req, res) => {
  const other = registry.getTransport(String(req.query.sessionId));
  if (other instanceof Map) await (other as any).handlePostMessage(req, res);
});`,
      errors: [{ messageId: 'query', line: 7 }],
    },
    {
      name: 'a server built per SSE connection is not shared',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
const app = express();
app.get('/sse', async (_req, res) => {
  const server = new McpServer({ name: 'x', version: '1' });
  const transport = new SSEServerTransport('/messages', res);
  await server.connect(transport);
});`,
      errors: [{ messageId: 'sse', line: 7 }],
    },
    {
      name: 'one shared server connected to each SSE connection\'s transport',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
const server = new McpServer({ name: 'x', version: '1' });
const app = express();
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  await server.connect(transport);
});`,
      errors: [
        { messageId: 'sse', line: 7 },
        { messageId: 'shared', line: 8 },
      ],
    },
    {
      // The rule looks for SSE transports only in a program that spells the class's name (values `programMentions`):
      // an identifier spelled with unicode escapes spells it too.
      name: "one shared server connected to each connection's transport, the class named with unicode escapes",
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServer\\u0054ransport as Sse } from '@modelcontextprotocol/sdk/server/sse.js';
const server = new McpServer({ name: 'x', version: '1' });
const app = express();
app.get('/sse', async (_req, res) => {
  const transport = new Sse('/messages', res);
  await server.connect(transport);
});`,
      errors: [
        { messageId: 'sse', line: 7 },
        { messageId: 'shared', line: 8 },
      ],
    },
    {
      // An import may name the export by a string literal, where a hex escape spells a character too.
      name: "one shared server connected to each connection's transport, the class named by a string with a hex escape",
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { "\\x53SEServerTransport" as Sse } from '@modelcontextprotocol/sdk/server/sse.js';
const server = new McpServer({ name: 'x', version: '1' });
const app = express();
app.get('/sse', async (_req, res) => {
  const transport = new Sse('/messages', res);
  await server.connect(transport);
});`,
      errors: [
        { messageId: 'sse', line: 7 },
        { messageId: 'shared', line: 8 },
      ],
    },
    {
      name: 'v1 named import',
      code: `import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
const app = express();
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  await transport.start();
});`,
      errors: [{ messageId: 'sse', line: 5 }],
    },
    {
      name: 'v2 server-legacy, aliased',
      code: `import { SSEServerTransport as LegacySse } from '@modelcontextprotocol/server-legacy/sse';
export const open = (res: any) => new LegacySse('/messages', res);`,
      errors: [{ messageId: 'sse', line: 2 }],
    },
    {
      name: 'namespace import',
      code: `import * as sse from '@modelcontextprotocol/sdk/server/sse.js';
export function open(res: any) {
  return new sse.SSEServerTransport('/messages', res);
}`,
      errors: [{ messageId: 'sse', line: 3 }],
    },
    {
      name: 'CommonJS destructured and whole-module require',
      filename: 'src/server.cjs',
      code: `const { SSEServerTransport } = require('@modelcontextprotocol/sdk/server/sse.js');
const sseModule = require('@modelcontextprotocol/sdk/server/sse.js');
module.exports.a = (res) => new SSEServerTransport('/messages', res);
module.exports.b = (res) => new sseModule.SSEServerTransport('/messages', res);`,
      errors: [
        { messageId: 'sse', line: 3 },
        { messageId: 'sse', line: 4 },
      ],
    },
    {
      name: 'project-local re-export module and export * barrel',
      code: {
        'src/sdk.ts': "export { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';",
        'src/vendor.ts': "export * from './sdk.js';",
        'src/server.ts': `import { SSEServerTransport } from './vendor.js';
export const open = (res: any) => new SSEServerTransport('/messages', res);`,
      },
      errors: [{ messageId: 'sse', line: 2, file: 'src/server.ts' }],
    },
    {
      name: 'placed at new, not at the declaration',
      code: `import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
const transports: Record<string, SSEServerTransport> = {};
export function open(res: any) {
  const transport =
    new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
}`,
      errors: [{ messageId: 'sse', line: 5 }],
    },
    {
      name: 'CommonJS re-export module (module.exports = require(sdk))',
      code: {
        'src/sdk.cjs': "module.exports = require('@modelcontextprotocol/sdk/server/sse.js');",
        'src/server.cjs': `const { SSEServerTransport } = require('./sdk.cjs');
module.exports.open = (res) => new SSEServerTransport('/messages', res);`,
      },
      errors: [{ messageId: 'sse', line: 2, file: 'src/server.cjs' }],
    },
  ],
});
