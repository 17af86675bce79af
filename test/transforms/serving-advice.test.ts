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
