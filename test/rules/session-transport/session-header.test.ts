import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-transport/session-header.js';

ruleTester(rule, {
  valid: [
    {
      name: "the response of a request the program sent itself, as a client (a smoke test's http.request callback, a fetch response): not a server reading the header (sweep 28 AB4)",
      code: `import http from 'node:http';
export function call(sessionId?: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = http.request({ hostname: 'localhost', port: 3000, path: '/mcp', method: 'POST' }, (res) => {
      resolve((res.headers['mcp-session-id'] as string | undefined) ?? sessionId);
    });
    req.end();
  });
}
export async function probe(url: string): Promise<string | null> {
  const response = await fetch(url, { method: 'POST' });
  return response.headers.get('mcp-session-id');
}`,
    },
    {
      name: "NestJS: @Headers of another header, and a Headers decorator that is not NestJS's",
      code: `import { Controller, Get, Headers } from '@nestjs/common';
import { Headers as Other } from './decorators.js';
@Controller('mcp')
export class McpController {
  @Get()
  stream(@Headers('x-request-id') requestId: string, @Other('mcp-session-id') sid: string) {
    return requestId + sid;
  }
}`,
    },
    {
      name: 'other MCP headers, and a module constant that is never used',
      code: `export const SESSION_HEADER = 'mcp-session-id';
export function contentType(req: any) {
  return req.headers['content-type'] ?? req.header('Mcp-Protocol-Version');
}`,
    },
    {
      name: 'the header named only in comments and descriptions',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
// Clients used to send req.headers['mcp-session-id'] here.
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('whoami', { description: 'Ignores the Mcp-Session-Id header entirely.' }, async () => ({ content: [] }));`,
    },
    {
      name: 'express-session cookie session',
      code: `import session from 'express-session';
import express from 'express';
const app = express();
app.use(session({ secret: 's', name: 'sid' }));
app.get('/me', (req: any, res) => res.json({ id: req.sessionID, user: req.session.user }));`,
    },
    {
      name: 'CORS config without the session header',
      code: `import cors from 'cors';
export const corsMiddleware = cors({
  exposedHeaders: ['Mcp-Protocol-Version'],
  allowedHeaders: ['Content-Type', 'Mcp-Method', 'Mcp-Name'],
});`,
    },
    {
      name: 'stateless v2 server reading Last-Event-ID and protocol version only',
      code: `export function meta(request: Request) {
  return { version: request.headers.get('mcp-protocol-version'), last: request.headers.get('last-event-id') };
}`,
    },
    {
      name: 'client and browser code reading the header from a fetch response',
      code: `let sessionId: string | null = null;
export async function call(url: string, body: unknown) {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  sessionId = response.headers.get('mcp-session-id') ?? sessionId;
  return response.json();
}
export function open(url: string) {
  return fetch(url).then((res) => res.headers.get('Mcp-Session-Id'));
}
export function remember(res: Response) {
  return res.headers.get('mcp-session-id');
}
export async function direct(url: string) {
  return (await fetch(url)).headers.get('mcp-session-id');
}`,
    },
    {
      name: 'a headers object the code builds itself (a client setting request headers), not the request\'s',
      code: `export function withSession(headers: Record<string, string>, sid: string) {
  headers['x-trace'] = sid;
  return headers['content-type'];
}
export function forward(res: Response) {
  const headers = res.headers;
  return headers.get('x-trace');
}`,
    },
    {
      name: 'a headers object filled with the code\'s own values, or copied from a fetch response, is not the request\'s',
      code: `export async function relay(url: string, sid: string) {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries({ accept: 'application/json', 'mcp-session-id': sid })) headers[k] = v;
  const response = await fetch(url, { headers });
  const copy: Record<string, string> = {};
  response.headers.forEach((v, k) => { copy[k] = v; });
  const spread = { ...response.headers };
  return [headers['mcp-session-id'], copy['mcp-session-id'], spread['mcp-session-id']];
}`,
    },
  ],
  invalid: [
    {
      name: 'NestJS through a namespace import: @nest.Headers(\'mcp-session-id\') (review 36 R7)',
      code: `import * as nest from '@nestjs/common';
@nest.Controller('mcp')
export class McpController {
  @nest.Delete()
  end(@nest.Headers('mcp-session-id') sessionId: string) {
    return sessionId;
  }
}`,
      errors: [{ messageId: 'read', line: 5, column: 21 }],
    },
    {
      name: "NestJS: the header injected into a controller method's parameter by @Headers('mcp-session-id') (sweep 23 W1)",
      code: `import { Controller, Get, Headers as Header } from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transports: Record<string, StreamableHTTPServerTransport> = {};
@Controller('mcp')
export class McpController {
  @Get()
  stream(@Header('Mcp-Session-Id') sessionId: string) {
    return transports[sessionId];
  }
}`,
      errors: [{ messageId: 'read', line: 7, column: 18 }],
    },
    {
      name: 'express reads: index, header() and get(), case-insensitive',
      code: `export function sessionOf(req: any): string | undefined {
  const a = req.headers['mcp-session-id'];
  const b = req.header('Mcp-Session-Id');
  const c = req.get('MCP-SESSION-ID');
  return a ?? b ?? c;
}`,
      errors: [
        { messageId: 'read', line: 2 },
        { messageId: 'read', line: 3 },
        { messageId: 'read', line: 4 },
      ],
    },
    {
      // The header's name is found by the symbol lookup; a key no declared string could make the header skips it
      // (values `headerAccessOf`), which must not skip one reaching it under another name or through an object.
      name: 'the header name from a constant imported under another name and from a config object',
      code: {
        'src/headers.ts': `export const SESSION_HEADER_NAME = 'Mcp-Session-Id';
export const names = { session: 'mcp-session-id' };`,
        'src/server.ts': `import { SESSION_HEADER_NAME as SID, names } from './headers.js';
export function sessionOf(req: any): string | undefined {
  const a = req.headers[SID];
  const b = req.header(SID);
  const c = req.headers[names.session];
  return a ?? b ?? c;
}`,
      },
      errors: [
        { messageId: 'read', line: 3, file: 'src/server.ts' },
        { messageId: 'read', line: 4, file: 'src/server.ts' },
        { messageId: 'read', line: 5, file: 'src/server.ts' },
      ],
    },
    {
      name: 'web-standard Headers: get() is a read, set() a write',
      code: `export async function handle(request: Request): Promise<Response> {
  const sid = request.headers.get('mcp-session-id');
  const headers = new Headers({ 'content-type': 'application/json' });
  if (sid) headers.set('Mcp-Session-Id', sid);
  return new Response('{}', { headers });
}`,
      errors: [
        { messageId: 'read', line: 2 },
        { messageId: 'write', line: 4 },
      ],
    },
    {
      name: 'response writes: setHeader, set and header with a value',
      code: `export function echo(res: any, sid: string) {
  res.setHeader('Mcp-Session-Id', sid);
  res.set('mcp-session-id', sid);
  res.header('Mcp-Session-Id', sid);
}`,
      errors: [
        { messageId: 'write', line: 2 },
        { messageId: 'write', line: 3 },
        { messageId: 'write', line: 4 },
      ],
    },
    {
      name: 'header name through a module constant: each use is placed at the identifier',
      code: `const SESSION_HEADER = 'Mcp-Session-Id';
export function route(req: any, res: any) {
  const sid = req.header(SESSION_HEADER);
  res.setHeader(
    SESSION_HEADER,
    sid,
  );
}`,
      errors: [
        { messageId: 'read', line: 3 },
        { messageId: 'write', line: 5 },
      ],
    },
    {
      name: 'CORS exposes and allows the header (array elements and Access-Control header value)',
      code: `import cors from 'cors';
export const corsOptions = cors({
  origin: '*',
  exposedHeaders: ['Mcp-Session-Id'],
  allowedHeaders: [
    'Content-Type',
    'mcp-session-id',
  ],
});
export function expose(res: any) {
  res.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id, Mcp-Protocol-Version');
}`,
      errors: [
        { messageId: 'cors', line: 4 },
        { messageId: 'cors', line: 7 },
        { messageId: 'cors', line: 11 },
      ],
    },
    {
      name: 'hono context: c.req.header() read and c.header() write',
      code: `import { Hono } from 'hono';
const app = new Hono();
app.post('/mcp', async (c) => {
  const sid = c.req.header('mcp-session-id');
  c.header('Mcp-Session-Id', sid ?? 'none');
  return c.json({ ok: true });
});`,
      errors: [
        { messageId: 'read', line: 4 },
        { messageId: 'write', line: 5 },
      ],
    },
    {
      name: 'constant imported from another module',
      code: {
        'src/constants.ts': "export const MCP_SESSION_HEADER = 'mcp-session-id';",
        'src/http.ts': `import { MCP_SESSION_HEADER } from './constants.js';
export const sid = (req: any) => req.headers[MCP_SESSION_HEADER];`,
      },
      errors: [{ messageId: 'read', line: 2, file: 'src/http.ts' }],
    },
    {
      name: 'CommonJS route handler',
      filename: 'src/server.cjs',
      code: `const express = require('express');
const app = express();
app.get('/mcp', (req, res) => {
  const sid = req.header('mcp-session-id') || '';
  res.status(sid ? 200 : 400).end();
});`,
      errors: [{ messageId: 'read', line: 4 }],
    },
    {
      name: 'header destructured from req.headers',
      code: `export function sid(req: any) {
  const { 'mcp-session-id': sessionId } = req.headers;
  return sessionId;
}`,
      errors: [{ messageId: 'read', line: 2 }],
    },
    {
      name: "a helper handed the request's headers: typed Request['headers'], IncomingHttpHeaders, or untyped with every caller passing req.headers",
      code: `import type express from 'express';
import type { IncomingHttpHeaders } from 'node:http';
function fromHeaders(headers: express.Request['headers']): string | undefined {
  const raw = headers['mcp-session-id'];
  return Array.isArray(raw) ? raw[0] : raw;
}
const fromNodeHeaders = (headers: IncomingHttpHeaders) => headers['mcp-session-id'];
function fromAny(h) {
  return h['mcp-session-id'];
}
export function sessionOf(req: express.Request) {
  const headers = req.headers;
  return fromHeaders(req.headers) ?? fromNodeHeaders(req.headers) ?? fromAny(req.headers) ?? headers['mcp-session-id'];
}`,
      errors: [
        { messageId: 'read', line: 4 },
        { messageId: 'read', line: 7 },
        { messageId: 'read', line: 9 },
        { messageId: 'read', line: 13 },
      ],
    },
    {
      name: "a copy of the request's headers (to build a web Request on node:http): filled in a loop over Object.entries, or spread",
      code: `import type { IncomingMessage } from 'node:http';
export function sessionOf(nodeReq: IncomingMessage) {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(nodeReq.headers)) {
    if (typeof v === 'string') headers[k] = v;
  }
  const sessionId = headers['mcp-session-id'];
  const copied: Record<string, unknown> = {};
  Object.entries(nodeReq.headers).forEach(([name, value]) => {
    copied[name] = value;
  });
  const spread = { ...nodeReq.headers };
  const fromCopy = copied['mcp-session-id'];
  return sessionId ?? fromCopy ?? spread['mcp-session-id'];
}`,
      errors: [
        { messageId: 'read', line: 7 },
        { messageId: 'read', line: 13 },
        { messageId: 'read', line: 14 },
      ],
    },
  ],
});
