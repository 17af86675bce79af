/** The rule tester's own checks must catch what they claim to catch. */
import { describe, expect, it } from 'vitest';
import { ts } from '../src/typescript.js';
import { defineRule, type ReportDescriptor } from '../src/rules/rule.js';
import { placeholders, runRule } from './support/rule-tester.js';

function ruleReporting(descriptor: (node: ts.Node) => Omit<ReportDescriptor, 'node'>) {
  return defineRule({
    meta: {
      id: 'server-push/test-only',
      category: 'server-push',
      severity: 'error',
      fix: 'manual',
      summary: 'test',
      messages: { call: 'Calls `{{method}}` on {{target}}.' },
      spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/index',
    },
    create: (context) => ({
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => context.report({ node, ...descriptor(node) }),
      },
    }),
  });
}

describe('rule tester checks', () => {
  it('finds placeholders', () => {
    expect(placeholders('Calls `{{method}}` on {{ target }}.')).toEqual(['method', 'target']);
  });

  it('reports a placeholder left without a value, which the engine would fill with ""', () => {
    const result = runRule(ruleReporting(() => ({ messageId: 'call', data: { method: 'ping' } })), '  ping();');
    expect(result.findings[0]!.message).toBe('Calls `ping` on .');
    expect(result.reportProblems).toEqual([`messageId 'call': placeholder {{target}} has no value (data: {"method":"ping"})`]);
  });

  it('reports an unknown messageId', () => {
    const result = runRule(ruleReporting(() => ({ messageId: 'nope' })), 'ping();');
    expect(result.reportProblems).toEqual(["unknown messageId 'nope' (known: call)"]);
  });

  it('gives each finding its data and exact columns', () => {
    const result = runRule(ruleReporting(() => ({ messageId: 'call', data: { method: 'ping', target: 'server' } })), '  ping();');
    expect(result.reportProblems).toEqual([]);
    expect(result.findings.map((f) => [f.line, f.column, f.endLine, f.endColumn, f.data])).toEqual([[1, 3, 1, 9, { method: 'ping', target: 'server' }]]);
  });
});

describe('message ids are typed', () => {
  it('a test naming a message id the rule does not have does not compile (checked by `npm run typecheck`)', async () => {
    const { default: ping } = await import('../src/rules/server-push/ping.js');
    const { ruleTester } = await import('./support/rule-tester.js');
    // Never called: the point is the @ts-expect-error, which fails the typecheck if the id is accepted.
    const typoInTest = () =>
      // @ts-expect-error 'nope' is not one of ping's message ids ('call' | 'raw' | 'handler')
      ruleTester(ping, { valid: [], invalid: [{ code: 'x', errors: [{ messageId: 'nope', line: 1 }] }] });
    expect(typeof typoInTest).toBe('function');
    expect(Object.keys(ping.meta.messages)).toEqual(['call', 'raw', 'handler']);
  });
});
