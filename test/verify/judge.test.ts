import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../src/verify/clients.js';
import { refusalProblem, servedAs } from '../../src/verify/judge.js';

const result = (text: string, isError?: boolean): CallOutcome => ({ kind: 'result', result: { content: [{ type: 'text', text }], ...(isError ? { isError } : {}) } });
const names = { mintTool: 'create_cart', argument: 'cart_id', handle: 'cart_abc' };

describe('servedAs (a call with a valid handle)', () => {
  it('tells a served call, a refused handle, a tool error about other inputs, and a failure apart', () => {
    expect(servedAs(result('Total: $1.00'), names)).toBe('ok');
    expect(servedAs(result('Unknown or expired cart_id: call create_cart.', true), names)).toBe('refused');
    expect(servedAs(result('Unknown SKU example.', true), names)).toBe('domain-error');
    expect(servedAs({ kind: 'failed', message: 'fetch failed' }, names)).toBe('failed');
  });
});

describe('refusalProblem (a call that injects a fault)', () => {
  const rules = { mintTool: 'create_cart', accepted: 'foreign-handle-accepted' as const };
  it('passes a tool error that names the minting tool', () => {
    expect(refusalProblem(result('Unknown cart_id: call create_cart to get a new one.', true), rules)).toBeUndefined();
  });
  it('names the fault when the call is served', () => {
    expect(refusalProblem(result('2 x mug'), rules)?.fault).toBe('foreign-handle-accepted');
  });
  it('fails a tool error that does not name the minting tool, and a protocol error unless the schema may refuse', () => {
    expect(refusalProblem(result('not found', true), rules)?.fault).toBe('refusal-unnamed');
    const invalid: CallOutcome = { kind: 'protocol-error', code: -32602, message: 'Invalid params' };
    expect(refusalProblem(invalid, rules)?.fault).toBe('refusal-not-tool-error');
    expect(refusalProblem(invalid, { ...rules, schemaMayRefuse: true })).toBeUndefined();
  });
  it('counts an HTTP 4xx as a refusal only where the transport may refuse (an oversized body)', () => {
    const tooLarge: CallOutcome = { kind: 'failed', message: 'Error POSTing to endpoint (HTTP 413): Payload Too Large' };
    expect(refusalProblem(tooLarge, rules)?.fault).toBe('server-error');
    expect(refusalProblem(tooLarge, { ...rules, transportMayRefuse: true })).toBeUndefined();
  });
});
