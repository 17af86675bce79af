import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-transport/session-route.js';

const NEST_SERVICE = `import { Controller, Get, Post, Delete, Req, Res, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
@Injectable()
export class McpService {
  private transports: Record<string, StreamableHTTPServerTransport> = {};
  async handle(req: Request, res: Response) {
    const id = req.headers['mcp-session-id'] as string | undefined;
    let transport = id ? this.transports[id] : undefined;
    if (!transport) {
      transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sid) => { this.transports[sid] = transport!; } });
      await new McpServer({ name: 'n', version: '1.0.0' }).connect(transport);
    }
    await transport.handleRequest(req, res, req.body);
  }
  async session(req: Request, res: Response) {
    const transport = this.transports[req.headers['mcp-session-id'] as string];
    await transport.handleRequest(req, res);
  }
}
`;

ruleTester(rule, {
  valid: [
    {
      name: "an operator route listing the registry (keys taken from the registry itself, in a callback and a loop) is no session route (sweep 27 AA4)",
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transports = new Map<string, StreamableHTTPServerTransport>();
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports.set(id, transport); } });
  await transport.handleRequest(req, res, req.body);
});
app.get('/debug/sessions', (_req, res) => {
  const open: string[] = [];
  for (const id of transports.keys()) if (transports.get(id)) open.push(id);
  res.json({ sessions: Array.from(transports.keys()).filter((id) => transports.has(id)), open });
});`,
    },
    {
      name: 'NestJS: a @Get() of another controller that serves no MCP session (a health check), and a Get decorator of another module',
      code: `import { Controller, Get } from '@nestjs/common';
import { Get as Fetch } from './http-client.js';
@Controller('health')
export class HealthController {
  @Get()
  check() {
    return { ok: true };
  }
  @Fetch('/mcp')
  other() {
    return 1;
  }
}`,
    },
    {
      name: 'a GET route of another path (an OAuth redirect) keying its state by the session header, beside the MCP endpoint: not a session route (sweep 12 K5)',
      code: {
        'src/oauth.ts': `import type { Express } from 'express';
const pending = new Map<string, string>();
export function setupOAuthRoutes(app: Express) {
  app.get('/oauth/authorize', (req, res) => {
    const sessionId = (req.headers['mcp-session-id'] as string) || '';
    pending.set(String(req.query.state), sessionId);
    res.redirect('https://login.example.com/authorize');
  });
}`,
        'src/index.ts': `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { setupOAuthRoutes } from './oauth.js';
const app = express();
setupOAuthRoutes(app);
app.post('/mcp', async (req, res) => {
  const server = new McpServer({ name: 'x', version: '1' });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      },
    },
    {
      name: 'stateless server: GET and DELETE answer 405',
      code: `import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { buildServer } from './server.js';
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await buildServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});
const methodNotAllowed = (_req: any, res: any) => res.status(405).set('Allow', 'POST').end();
app.get('/mcp', methodNotAllowed);
app.delete('/mcp', methodNotAllowed);`,
    },
    {
      name: 'health check and express-session routes',
      code: `import express from 'express';
const app = express();
app.get('/healthz', (_req, res) => res.json({ ok: true }));
app.get('/me', (req: any, res) => res.json({ sid: req.sessionID, user: req.session.user }));
app.delete('/logout', (req: any, res) => req.session.destroy(() => res.end()));`,
    },
    {
      name: 'get/delete calls that are not route registrations',
      code: `const cache = new Map<string, number>();
export const a = cache.get('/mcp');
export async function purge(kv: any) {
  await kv.delete('/mcp', { reason: 'rotate' });
}`,
    },
    {
      name: 'a 405 GET that only reads the protocol-version header',
      code: `import express from 'express';
const app = express();
app.get('/mcp', (req, res) => res.status(405).json({ error: 'use POST', proto: req.headers['mcp-protocol-version'] }));`,
    },
    {
      name: 'app.post and app.all routes are not session routes',
      code: `import express from 'express';
const app = express();
app.post('/mcp', (req, res) => res.json({ sid: req.headers['mcp-session-id'] }));
app.all('/legacy', (req, res) => res.status(410).send(req.header('mcp-session-id')));`,
    },
    {
      name: 'a /health GET that only counts the registry, and a POST-only node:http listener',
      code: `import express from 'express';
import http from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const app = express();
const transports: Record<string, StreamableHTTPServerTransport> = {};
app.post('/mcp', async (req, res) => {
  const sid = req.headers['mcp-session-id'] as string;
  await transports[sid]!.handleRequest(req, res, req.body);
});
app.get('/health', (_req, res) => res.json({ ok: true, sessions: Object.keys(transports).length }));
app.get('/metrics', (_req, res) => res.send(String(Object.values(transports).length)));
http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.end(JSON.stringify({ sessions: Object.keys(transports).length }));
  }
});`,
    },
    {
      name: 'a stateless node:http listener: a fresh transport per request handles every method',
      code: `import http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
http.createServer(async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await new McpServer({ name: 'x', version: '1' }).connect(transport);
  await transport.handleRequest(req, res);
}).listen(3000);`,
    },
  ],
  invalid: [
    {
      name: 'a NestJS GET route whose service makes an SSEServerTransport opens the HTTP+SSE stream (sweep 39 AM2)',
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
      errors: [{ messageId: 'sseGet', line: 18 }],
    },
    {
      name: "NestJS: a controller's @Get() and @Delete() methods on the MCP endpoint hand the request to the session's transport (sweep 23 W1)",
      code: `${NEST_SERVICE}@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpService) {}
  @Post()
  post(@Req() req: Request, @Res() res: Response) {
    return this.mcp.handle(req, res);
  }
  @Get()
  stream(@Req() req: Request, @Res() res: Response) {
    return this.mcp.session(req, res);
  }
  @Delete()
  end(@Req() req: Request, @Res() res: Response) {
    return this.mcp.session(req, res);
  }
}`,
      errors: [
        { messageId: 'get', line: 30, column: 4 },
        { messageId: 'delete', line: 34, column: 4 },
      ],
    },
    {
      name: "a hono route handing every request to one @hono/mcp transport built without options (stateless: the option is optional, sweep 21 U1)",
      code: `import { Hono } from 'hono';
import { StreamableHTTPTransport } from '@hono/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const app = new Hono();
const server = new McpServer({ name: 'x', version: '1' });
const transport = new StreamableHTTPTransport();
app.all('/mcp', async (c) => {
  if (!server.isConnected()) await server.connect(transport);
  return transport.handleRequest(c);
});`,
      errors: [{ messageId: 'allShared', line: 7 }],
    },
    {
      name: 'node:http helper: any request carrying a session id goes to its stored transport, whatever the method',
      code: `import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
async function route(req: http.IncomingMessage, res: http.ServerResponse, live: Map<string, StreamableHTTPServerTransport>) {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  if (sid) {
    const transport = live.get(sid);
    if (!transport) return void res.writeHead(404).end();
    return transport.handleRequest(req, res);
  }
  if (req.method === 'POST') {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void live.set(id, transport) });
    await new McpServer({ name: 'x', version: '1' }).connect(transport);
    return transport.handleRequest(req, res);
  }
  res.writeHead(400).end();
}
const live = new Map<string, StreamableHTTPServerTransport>();
http.createServer((req, res) => void route(req, res, live)).listen(3000);`,
      errors: [{ messageId: 'all', line: 10 }],
    },
    {
      name: 'node:http handed the transport\'s own method as its listener, bound or not, directly or through a constant (sweep 13 L6)',
      code: `import { createServer } from 'node:http';
import * as http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const server = new McpServer({ name: 'media', version: '1.0.0' });
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
await server.connect(transport);
const handleRequest = transport.handleRequest.bind(transport);
createServer(handleRequest).listen(3000);
http.createServer(transport.handleRequest).listen(3001);`,
      errors: [
        { messageId: 'allShared', line: 8 },
        { messageId: 'allShared', line: 10 },
      ],
    },
    {
      name: 'a catch-all route handing every request to one stateless transport created at start-up: said as it is, no session (sweep 9 G9)',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const server = new McpServer({ name: 'jira', version: '1.0.0' });
const app = express();
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
await server.connect(transport);
app.all('/mcp', (req, res) => {
  void transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'allShared', line: 8 }],
    },
    {
      name: 'a catch-all app.all route handing every method to the session\'s stored transport',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const app = express();
const transports = { streamable: {} as Record<string, StreamableHTTPServerTransport> };
app.all('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport;
  if (sessionId && transports.streamable[sessionId]) transport = transports.streamable[sessionId];
  else transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports.streamable[id] = transport!; } });
  await transport!.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'all', line: 6 }],
    },
    {
      name: 'handlers wrapped by an error-handling helper, delegating to a local session handler',
      code: `import express from 'express';
const app = express();
function withErrorHandling(fn: (req: any, res: any) => Promise<void>) {
  return (req: any, res: any) => { fn(req, res).catch(() => res.status(500).end()); };
}
const handleSessionRequest = async (req: express.Request, res: express.Response) => {
  const sessionId = req.headers['mcp-session-id'];
  res.json({ sessionId });
};
app.get('/mcp', withErrorHandling(async (req, res) => {
  if (req.accepts('text/event-stream')) await handleSessionRequest(req, res);
  else res.status(405).end();
}));
app.delete('/mcp', withErrorHandling(handleSessionRequest));
app.get('/health', withErrorHandling(async (_req, res) => res.json({ ok: true })));`,
      errors: [
        { messageId: 'get', line: 10 },
        { messageId: 'delete', line: 14 },
      ],
    },
    {
      name: 'fastify: route({ method: [GET, DELETE] }) and the get shorthand with an options object',
      code: `import Fastify from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const fastify = Fastify();
const transports = new Map<string, StreamableHTTPServerTransport>();
async function sessionHandler(request: any, reply: any) {
  const sid = request.headers['mcp-session-id'];
  await transports.get(sid)!.handleRequest(request.raw, reply.raw);
}
fastify.route({
  method: ['GET', 'DELETE'],
  url: '/mcp',
  handler: sessionHandler,
});
fastify.get('/mcp/stream', { schema: {} }, sessionHandler);
fastify.route({ method: 'GET', url: '/health', handler: async () => ({ ok: true }) });`,
      errors: [
        { messageId: 'get', line: 10 },
        { messageId: 'delete', line: 10 },
        { messageId: 'get', line: 14 },
      ],
    },
    {
      name: 'node:http listener: req.method comparisons and a switch on req.method',
      code: `import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transports: Record<string, StreamableHTTPServerTransport> = {};
createServer(async (req, res) => {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  if (req.url === '/mcp' && req.method === 'DELETE') {
    transports[sid!]?.close();
    delete transports[sid!];
    res.writeHead(204).end();
    return;
  }
  switch (req.method) {
    case 'GET':
      await transports[sid!]!.handleRequest(req, res);
      break;
    case 'POST':
      break;
  }
}).listen(3000);`,
      errors: [
        { messageId: 'delete', line: 6 },
        { messageId: 'get', line: 13 },
      ],
    },
    {
      name: 'hono: app.get and app.on([GET, DELETE]) reading the header from c.req',
      code: `import { Hono } from 'hono';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
const app = new Hono();
const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();
app.get('/mcp', (c) => transports.get(c.req.header('mcp-session-id')!)!.handleRequest(c.req.raw));
app.on(['GET', 'DELETE'], '/sse', async (c) => {
  const sid = c.req.header('mcp-session-id');
  return transports.get(sid!)!.handleRequest(c.req.raw);
});
app.get('/health', (c) => c.json({ sessions: transports.size }));`,
      errors: [
        { messageId: 'get', line: 5 },
        { messageId: 'get', line: 6 },
        { messageId: 'delete', line: 6 },
      ],
    },
    {
      name: 'express GET and DELETE sharing a named handler that reads the header',
      code: `import express from 'express';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const app = express();
const transports: Record<string, StreamableHTTPServerTransport> = {};
async function handleSessionRequest(req: express.Request, res: express.Response) {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId || !transports[sessionId]) return res.status(400).end();
  await transports[sessionId].handleRequest(req, res);
}
app.get('/mcp', handleSessionRequest);
app.delete('/mcp', handleSessionRequest);`,
      errors: [
        { messageId: 'get', line: 10 },
        { messageId: 'delete', line: 11 },
      ],
    },
    {
      name: 'router DELETE that only touches the transport registry',
      code: `import { Router } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
export const router = Router();
const transports = new Map<string, NodeStreamableHTTPServerTransport>();
router.post('/mcp', async (req, res) => {
  const t = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: (sid) => { transports.set(sid, t); },
  });
  await t.handleRequest(req, res, req.body);
});
router.delete('/mcp/:id', async (req, res) => {
  await transports.get(req.params.id)?.close();
  res.status(204).end();
});`,
      errors: [{ messageId: 'delete', line: 12 }],
    },
    {
      name: 'hono-style GET reading the header',
      code: `import { Hono } from 'hono';
const app = new Hono();
const streams = new Map<string, ReadableStream>();
app.get('/mcp', (c) => {
  const sid = c.req.header('mcp-session-id');
  return new Response(streams.get(sid ?? ''));
});`,
      errors: [{ messageId: 'get', line: 4 }],
    },
    {
      name: 'CommonJS SSE endpoint opening an SSEServerTransport',
      filename: 'src/server.cjs',
      code: `const express = require('express');
const { SSEServerTransport } = require('@modelcontextprotocol/sdk/server/sse.js');
const app = express();
app.get('/sse', async (req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  await transport.start();
});`,
      errors: [{ messageId: 'sseGet', line: 4 }],
    },
    {
      name: 'GET and DELETE calling handleRequest on a long-lived SDK transport',
      code: `import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const app = express();
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
app.post('/mcp', (req, res) => transport.handleRequest(req, res, req.body));
app.get('/mcp', (req, res) => transport.handleRequest(req, res));
app.delete('/mcp', async (req, res) => {
  await transport.handleRequest(req, res);
});`,
      errors: [
        { messageId: 'get', line: 6 },
        { messageId: 'delete', line: 7 },
      ],
    },
    {
      name: 'handler imported from another module, registered through app.route()',
      code: {
        'src/sessions.ts': `export async function handleSessionRequest(req: any, res: any) {
  const sid = req.header('mcp-session-id');
  res.status(sid ? 200 : 400).end();
}`,
        'src/app.ts': `import express from 'express';
import { handleSessionRequest } from './sessions.js';
const app = express();
app.route('/mcp').get(handleSessionRequest);
app.route('/mcp').delete(handleSessionRequest);`,
      },
      errors: [
        { messageId: 'get', line: 4, file: 'src/app.ts' },
        { messageId: 'delete', line: 5, file: 'src/app.ts' },
      ],
    },
    {
      name: 'chained app.route().get().delete()',
      code: `import express from 'express';
const app = express();
const handle = (req: any, res: any) => res.status(req.header('mcp-session-id') ? 200 : 400).end();
app.route('/mcp')
  .get(handle)
  .delete(handle);`,
      errors: [
        { messageId: 'get', line: 5 },
        { messageId: 'delete', line: 6 },
      ],
    },
    {
      name: 'route path from a constant',
      code: `import express from 'express';
const MCP_PATH = '/mcp';
const app = express();
app.delete(MCP_PATH, (req, res) => {
  res.status(req.headers['mcp-session-id'] ? 204 : 404).end();
});`,
      errors: [{ messageId: 'delete', line: 4 }],
    },
  ],
});
