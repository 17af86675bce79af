/** The serving advice markers give (src/transforms/stateless-serving/advice.ts): code the reader can paste. */
import { describe, expect, it } from 'vitest';
import { servingEntryAdvice } from '../../src/transforms/stateless-serving/advice.js';

describe('the SDK 1.x per-POST idiom names the call that builds a server', () => {
  it('from a closure over a call with the route\'s values: its body, not the closure called (sweep 24 X4)', () => {
    const advice = servingEntryAdvice({ kind: 'http', target: 'stateless-v1', framework: 'express', factory: '() => getServer(config)' });
    expect(advice).toContain('a new server from `getServer(config)`');
    expect(advice).not.toContain('getServer(config)()');
  });
  it('from a factory\'s name: called', () => {
    expect(servingEntryAdvice({ kind: 'http', target: 'stateless-v1', framework: 'express', factory: 'createServer' })).toContain('a new server from `createServer()`');
  });
  it('from a call: as written', () => {
    expect(servingEntryAdvice({ kind: 'http', target: 'stateless-v1', framework: 'express', factory: 'createServer({ readOnly: true })' })).toContain('a new server from `createServer({ readOnly: true })`');
  });
});

describe('the SDK 1.x per-POST idiom for a web-standard transport (sweep 26 Z6)', () => {
  it('hands the transport the Request and returns its Response, not node\'s (req, res)', () => {
    const advice = servingEntryAdvice({ kind: 'http', target: 'stateless-v1', framework: 'web', factory: 'makeServer' });
    expect(advice).toContain('return transport.handleRequest(request, { parsedBody })');
    expect(advice).toContain('a new server from `makeServer()`');
    expect(advice).not.toContain('handleRequest(req, res');
  });
});

describe('a Koa endpoint gets the Koa idiom (sweep 29 AC2)', () => {
  it('on SDK 1.x: ctx.req, ctx.res and ctx.respond = false, not express\'s (req, res)', () => {
    const advice = servingEntryAdvice({ kind: 'http', target: 'stateless-v1', framework: 'koa', factory: 'defineServer' });
    expect(advice).toContain('ctx.respond = false; await transport.handleRequest(ctx.req, ctx.res, ctx.request.body)');
    expect(advice).not.toContain('handleRequest(req, res');
  });
  it('on SDK v2: toNodeHandler over ctx.req and ctx.res, with Koa told not to answer', () => {
    const advice = servingEntryAdvice({ kind: 'http', target: '2026-07-28', framework: 'koa', factory: 'defineServer', path: '/mcp' });
    expect(advice).toContain("router.all('/mcp', async (ctx) => { ctx.respond = false; await nodeHandler(ctx.req, ctx.res, ctx.request.body); })");
    expect(advice).toContain('const nodeHandler = toNodeHandler(createMcpHandler(defineServer))');
  });
});
