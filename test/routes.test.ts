/** The route adapter (src/analysis/routes.ts): one description of express, hono, fastify and node:http routes. */
import { describe, expect, it } from 'vitest';
import { ts } from '../src/typescript.js';
import { routesAt } from '../src/analysis/routes.js';
import { defineRule } from '../src/rules/rule.js';
import { runRule } from './support/rule-tester.js';

const listRoutes = defineRule({
  meta: {
    id: 'test/routes',
    category: 'session-transport',
    severity: 'info',
    fix: 'manual',
    summary: 'lists routes',
    messages: { route: '{{framework}} {{method}} {{path}} ({{handlers}} handler)' },
    spec: '',
  },
  create(context) {
    const check = (node: ts.Node): void => {
      for (const route of routesAt(node, context.analysis.values)) {
        context.report({
          node: route.node,
          messageId: 'route',
          data: { framework: route.framework, method: route.method, path: route.path ?? '?', handlers: String(route.handlers.length) },
        });
      }
    };
    return { visitors: { [ts.SyntaxKind.CallExpression]: check, [ts.SyntaxKind.BinaryExpression]: check, [ts.SyntaxKind.CaseClause]: check } };
  },
});

const routes = (code: string): string[] => runRule(listRoutes, code).findings.map((f) => `${f.line}: ${f.message}`);

describe('routesAt', () => {
  it('express verbs, routers and route chains', () => {
    expect(
      routes(`import express, { Router } from 'express';
const app = express();
const router = Router();
const MCP_PATH = '/mcp';
app.get(MCP_PATH, (_req, res) => res.end());
router.delete('/mcp', (_req, res) => res.end());
app.route('/sse').get((_req, res) => res.end()).post((_req, res) => res.end());
const cache = new Map();
cache.get('key');`),
    ).toEqual(['5: express get /mcp (1 handler)', '6: express delete /mcp (1 handler)', '7: express post /sse (1 handler)', '7: express get /sse (1 handler)']);
  });

  it('Koa routers: koa-router and @koa/router (sweep 29 AC2: recognised for the advice, no longer "unknown")', () => {
    expect(
      routes(`import Router from 'koa-router';
import KoaRouter from '@koa/router';
const router = new Router({ prefix: '/mcp' });
const other = new KoaRouter();
router.all('/', async (ctx) => { ctx.body = 'x'; });
other.post('/mcp', async (ctx) => { ctx.body = 'y'; });`),
    ).toEqual(['5: koa all / (1 handler)', '6: koa post /mcp (1 handler)']);
  });

  it("a CommonJS router made from the module required in place (require('express').Router(); sweep 14's lead)", () => {
    expect(
      routes(`const router = require('express').Router();
const app = require('fastify')();
router.post('/', (_req, res) => res.end());
app.get('/mcp', async () => 'ok');
module.exports = router;`),
    ).toEqual(['3: express post / (1 handler)', '4: fastify get /mcp (1 handler)']);
  });

  it('a class mounting its own methods on its router field (typed, initialized, or assigned in the constructor)', () => {
    // `this.app` is followed to the field's declared type, its initializer or the constructor's assignment; a
    // handler is a method (`this.m`, `this.m.bind(this)`) or a function field; an untyped field (`router: any`)
    // is known by what the constructor assigns to it.
    expect(
      routes(`import express, { type Express } from 'express';
import { Hono } from 'hono';
class Typed {
  private app: Express;
  constructor() {
    this.app = express();
    this.app.post('/mcp', this.handlePost.bind(this));
    this.app.get('/mcp', this.handleGet);
  }
  async handlePost(_req: unknown, _res: unknown) {}
  handleGet = async (_req: unknown, _res: unknown) => {};
}
class Initialized {
  readonly app = new Hono();
  constructor() {
    this.app.delete('/mcp', this.end);
  }
  private end = (c: { body(b: null): Response }) => c.body(null);
}
class Assigned {
  router: any;
  constructor() {
    this.router = express.Router();
    this.router.all('/mcp', this.any);
  }
  any() {}
}`),
    ).toEqual(['7: express post /mcp (1 handler)', '8: express get /mcp (1 handler)', '16: hono delete /mcp (1 handler)', '24: express all /mcp (1 handler)']);
  });

  it('routes inside a fastify plugin (untyped instance parameter), and a register() of something else', () => {
    // The callback of the other register() is typed where it is written (its parameter is declared by
    // register's own signature), as if annotated: an object with a get method is not a router.
    expect(
      routes(`import Fastify from 'fastify';
const app = Fastify();
app.register(async (instance) => {
  instance.get('/mcp', async () => 'ok');
});
type Getter = { get(p: string, h: () => void): void };
const registry = { register: (fn: (x: Getter) => void) => fn({ get() {} }) };
registry.register((x) => {
  x.get('/mcp', () => undefined);
});
registry.register((x: Getter) => {
  x.get('/mcp', () => undefined);
});
const loose = { register: (fn: (x: any) => void) => fn({ get() {} }) };
loose.register((x) => {
  x.get('/mcp', () => undefined);
});`),
    ).toEqual(['4: fastify get /mcp (1 handler)', '16: unknown get /mcp (1 handler)']);
  });

  it('a fastify plugin in a module of its own: wrapped by fastify-plugin, or held by a variable of a plugin type (sweep 20 T3)', () => {
    // A variable typed with another of fastify's types (a route handler) hands its parameter nothing known: an unknown router.
    expect(
      routes(`import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyPluginCallback, RouteHandler } from 'fastify';
export const wrapped = fp(async (fastify) => {
  fastify.post('/mcp', async () => 'ok');
});
export const typed: FastifyPluginAsync = async (instance) => {
  instance.get('/mcp', async () => 'ok');
};
export const callback: FastifyPluginCallback = (app, _opts, done) => {
  app.delete('/mcp', async () => 'ok');
  done();
};
export const handler: RouteHandler = async (request) => {
  request.get('/mcp', () => undefined);
};`),
    ).toEqual(['4: fastify post /mcp (1 handler)', '7: fastify get /mcp (1 handler)', '10: fastify delete /mcp (1 handler)', '14: unknown get /mcp (1 handler)']);
  });

  it("apps made by the SDK's factories (v1 package path, v2 framework packages, an alias)", () => {
    expect(
      routes(`import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { createMcpHonoApp as honoApp } from '@modelcontextprotocol/hono';
const app = createMcpExpressApp();
app.delete('/mcp', (_req, res) => res.end());
const web = honoApp();
web.get('/mcp', (c) => c.text('ok'));`),
    ).toEqual(['4: express delete /mcp (1 handler)', '6: hono get /mcp (1 handler)']);
  });

  it('a router declared with its type and assigned later (a test\'s beforeEach; sweep 9 G8)', () => {
    expect(
      routes(`import express from 'express';
import type { Hono } from 'hono';
let app: express.Application;
let web: Hono;
beforeEach(() => {
  app = express();
});
app.post('/mcp', (_req, res) => res.end());
web.get('/mcp', (c) => c.text('ok'));`),
    ).toEqual(['8: express post /mcp (1 handler)', '9: hono get /mcp (1 handler)']);
  });

  it('fastify shorthands and route options, hono verbs and on()', () => {
    expect(
      routes(`import Fastify from 'fastify';
import { Hono } from 'hono';
const fastify = Fastify();
fastify.route({ method: ['GET', 'DELETE'], url: '/mcp', handler: async () => 'ok' });
fastify.post('/mcp', { schema: {} }, async () => 'ok');
const app = new Hono();
app.on('PATCH', '/x', (c) => c.text('ok'));
app.delete('/mcp', (c) => c.text('ok'));`),
    ).toEqual(['4: fastify get /mcp (1 handler)', '4: fastify delete /mcp (1 handler)', '5: fastify post /mcp (1 handler)', '7: hono patch /x (1 handler)', '8: hono delete /mcp (1 handler)']);
  });

  it('node:http method comparisons (with the path tested beside them) and web-standard requests', () => {
    expect(
      routes(`import http from 'node:http';
http.createServer((req, res) => {
  if (req.url === '/mcp') {
    if (req.method === 'DELETE') res.end();
  }
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      res.end();
  }
  if (req.method !== 'POST') res.end();
});
export default { fetch(request: Request) { if ('GET' === request.method) return new Response(''); } };`),
    ).toEqual(['4: node-http delete /mcp (1 handler)', '7: node-http get ? (1 handler)', '8: node-http head ? (1 handler)', '13: web get ? (1 handler)']);
  });

  it('a node:http listener that hands any method to a transport it did not create is an `all` route at handleRequest', () => {
    expect(
      routes(`import http from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const live = new Map<string, StreamableHTTPServerTransport>();
async function dispatch(req: http.IncomingMessage, res: http.ServerResponse) {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  const existing = sid ? live.get(sid) : undefined;
  if (existing) return existing.handleRequest(req, res);
  if (req.method === 'POST') {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
    return transport.handleRequest(req, res);
  }
}
http.createServer((req, res) => {
  if (req.url?.startsWith('/mcp')) void dispatch(req, res);
});`),
    ).toEqual(['7: node-http all ? (1 handler)', '8: node-http post ? (1 handler)']);
  });
});
