/** The engine's own guarantees, independent of any one rule. */
import { describe, expect, it } from 'vitest';
import { defineRule } from '../src/rules/rule.js';
import { ts } from '../src/typescript.js';
import { runRule } from './support/rule-tester.js';

const throwsOnCalls = defineRule({
  meta: {
    id: 'session-state/test-only',
    category: 'session-state',
    severity: 'error',
    fix: 'manual',
    summary: 'test',
    messages: { x: 'x' },
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/index',
  },
  create: () => ({
    visitors: {
      [ts.SyntaxKind.CallExpression]: () => {
        throw new Error('boom');
      },
    },
  }),
});

describe('engine', () => {
  it('turns a rule that throws on a file into an analysis-error diagnostic instead of crashing', () => {
    const result = runRule(throwsOnCalls, { 'src/a.ts': 'f();', 'src/b.ts': 'const x = 1;' });
    expect(result.findings).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ file: 'src/a.ts', kind: 'analysis-error' })]);
    expect(result.diagnostics[0]!.message).toContain('boom');
  });

  it('reports a syntax error as a parse-error diagnostic with its position and still analyses that file as far as it parses', () => {
    const result = runRule(throwsOnCalls, { 'src/broken.ts': 'const = ;', 'src/ok.ts': 'const y = 2;' });
    expect(result.diagnostics).toEqual([expect.objectContaining({ file: 'src/broken.ts', kind: 'parse-error', line: 1 })]);
    expect(result.filesAnalyzed).toBe(2);
  });

  it('finds a valid oninitialized in a file whose other half has a syntax error', async () => {
    const { default: oninitialized } = await import('../src/rules/handshake/oninitialized.js');
    const code = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "const server = new McpServer({ name: 'x', version: '1' });",
      'server.server.oninitialized = () => {};',
      'const broken = {{;',
    ].join('\n');
    const result = runRule(oninitialized, code);
    expect(result.diagnostics.map((d) => `${d.kind}:${d.line}`)).toEqual(['parse-error:4']);
    expect(result.findings.map((f) => `${f.line} ${f.rule.meta.id}`)).toEqual(['3 handshake/oninitialized']);
  });
});

describe('markers left by apply', () => {
  it('reports each @mcp-migrate-todo marker as a finding of the rule it names, once', async () => {
    const { default: keyedStore } = await import('../src/rules/session-state/keyed-store.js');
    const code = [
      "import { McpServer } from '@modelcontextprotocol/server';",
      '// @mcp-migrate-todo(session-state/keyed-store): move `carts` to Redis; an in-process Map does not survive a second instance',
      'export const carts = new Map<string, string[]>();',
      '/* @mcp-migrate-todo(no-such/rule): ignored */',
      "const text = '// @mcp-migrate-todo(session-state/keyed-store): not a comment';",
    ].join('\n');
    const result = runRule(keyedStore, code);
    expect(result.findings.map((f) => [f.line, f.messageId, f.message])).toEqual([
      [2, 'marker', 'Left by `mcp-migrate apply`, still to do: move `carts` to Redis; an in-process Map does not survive a second instance'],
    ]);
  });
});

describe('marker severity', () => {
  it('a marker of a warning-level rule is still an error, so the default gate stays red', async () => {
    const { scan } = await import('../src/scan.js');
    const { tempTree } = await import('./support/temp-tree.js');
    const dir = tempTree({
      'src/a.ts': "import { McpServer } from '@modelcontextprotocol/server';\n// @mcp-migrate-todo(session-state/session-telemetry): log the request id instead\nexport const s = new McpServer({ name: 'x', version: '1' });\n",
    });
    const report = await scan({ paths: [dir] });
    expect(report.findings.map((f) => [f.ruleId, f.severity, f.line])).toEqual([['session-state/session-telemetry', 'error', 2]]);
  });
});
