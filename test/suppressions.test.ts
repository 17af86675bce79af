/**
 * Suppression comments: the grammar (rule id and reason required, own line only), which
 * findings they silence, and the reports of directives that silence nothing or cannot be used.
 */
import { describe, expect, it } from 'vitest';
import { applySuppressions, parseDirectives } from '../src/suppressions.js';
import { makeFinding } from './support/sample-report.js';

const KNOWN = new Set(['session-state/keyed-store', 'handshake/oninitialized', 'deprecated-feature/logging']);

describe('parseDirectives', () => {
  it('reads next-line and file directives with several rule ids and a reason', () => {
    const text = [
      'const a = 1;',
      '  // mcp-migrate-disable-next-line session-state/keyed-store, handshake/oninitialized -- reviewed: keyed by user id',
      '/* mcp-migrate-disable-file deprecated-feature/logging --- stdio only */',
      ' * mcp-migrate-disable-next-line handshake/oninitialized -- inside a block comment',
    ].join('\n');
    expect(parseDirectives(text, KNOWN)).toEqual({
      directives: [
        { kind: 'disable-next-line', ruleIds: ['session-state/keyed-store', 'handshake/oninitialized'], reason: 'reviewed: keyed by user id', line: 2, column: 6 },
        { kind: 'disable-file', ruleIds: ['deprecated-feature/logging'], reason: 'stdio only', line: 3, column: 4 },
        { kind: 'disable-next-line', ruleIds: ['handshake/oninitialized'], reason: 'inside a block comment', line: 4, column: 4 },
      ],
      problems: [],
    });
  });

  it('requires a rule id and a reason, and knows the rules', () => {
    const text = [
      '// mcp-migrate-disable-next-line',
      '// mcp-migrate-disable-next-line -- no id',
      '// mcp-migrate-disable-file session-state/keyed-store',
      '// mcp-migrate-disable-next-line session-state/nope, handshake/oninitialized -- half known',
      '// mcp-migrate-disable-next-line session-state/keyed-store handshake/oninitialized -- no comma',
    ].join('\n');
    const { directives, problems } = parseDirectives(text, KNOWN);
    expect(problems.map((p) => `${p.line} ${p.message}`)).toEqual([
      '1 mcp-migrate-disable-next-line needs a rule id: // mcp-migrate-disable-next-line <ruleId>[, <ruleId>] -- <reason>',
      '2 mcp-migrate-disable-next-line needs a rule id: // mcp-migrate-disable-next-line <ruleId>[, <ruleId>] -- <reason>',
      '3 mcp-migrate-disable-file session-state/keyed-store needs a reason: // mcp-migrate-disable-file session-state/keyed-store -- <why this site is fine>',
      '4 mcp-migrate-disable-next-line: unknown rule "session-state/nope" (`mcp-migrate rules` lists them)',
      '5 mcp-migrate-disable-next-line: rule ids are separated by commas and followed by " -- <reason>"; got "session-state/keyed-store handshake/oninitialized"',
    ]);
    expect(problems.every((p) => p.kind === 'invalid-suppression')).toBe(true);
    // The known id of a half-known directive still applies.
    expect(directives).toEqual([{ kind: 'disable-next-line', ruleIds: ['handshake/oninitialized'], reason: 'half known', line: 4, column: 4 }]);
  });

  it('ignores the words inside code, strings and trailing comments, and longer keywords', () => {
    const text = [
      "const s = '// mcp-migrate-disable-next-line session-state/keyed-store -- in a string';",
      'foo(); // mcp-migrate-disable-next-line session-state/keyed-store -- trailing',
      '// mcp-migrate-disable-next-lines session-state/keyed-store -- typo',
    ].join('\n');
    expect(parseDirectives(text, KNOWN)).toEqual({ directives: [], problems: [] });
  });
});

describe('applySuppressions', () => {
  const at = (ruleId: string, line: number, file = 'src/server.ts') => makeFinding({ ruleId, file, line, column: 1, message: 'm' });

  it('silences the finding on the next line and every finding of a file-level rule, keeping them in the record', () => {
    const text = [
      'import x from "y";',
      '// mcp-migrate-disable-next-line session-state/keyed-store -- user-scoped',
      'carts.get(sessionId);',
      'carts.set(sessionId, 1);',
      '// mcp-migrate-disable-file deprecated-feature/logging -- stdio server',
    ].join('\n');
    const findings = [at('session-state/keyed-store', 3), at('session-state/keyed-store', 4), at('deprecated-feature/logging', 9), at('deprecated-feature/logging', 9, 'src/other.ts')];
    const result = applySuppressions(findings, new Map([['src/server.ts', text]]), KNOWN);
    expect(result.active.map((f) => `${f.file}:${f.line}`)).toEqual(['src/server.ts:4', 'src/other.ts:9']);
    expect(result.suppressed.map((f) => [f.line, f.suppressed])).toEqual([
      [3, { kind: 'disable-next-line', reason: 'user-scoped', line: 2 }],
      [9, { kind: 'disable-file', reason: 'stdio server', line: 5 }],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it('reports a directive (or one rule id of it) that silences nothing', () => {
    const text = [
      '// mcp-migrate-disable-next-line session-state/keyed-store, handshake/oninitialized -- reviewed',
      'carts.get(sessionId);',
      '// mcp-migrate-disable-file deprecated-feature/logging -- nothing logs here',
    ].join('\n');
    const result = applySuppressions([at('session-state/keyed-store', 2)], new Map([['src/server.ts', text]]), KNOWN);
    expect(result.suppressed).toHaveLength(1);
    expect(result.diagnostics).toEqual([
      {
        file: 'src/server.ts',
        kind: 'unused-suppression',
        line: 1,
        column: 4,
        message: 'mcp-migrate-disable-next-line handshake/oninitialized suppresses nothing: no handshake/oninitialized finding on line 2; remove the comment',
      },
      {
        file: 'src/server.ts',
        kind: 'unused-suppression',
        line: 3,
        column: 4,
        message: 'mcp-migrate-disable-file deprecated-feature/logging suppresses nothing: no deprecated-feature/logging finding in this file; remove the comment',
      },
    ]);
  });

  it('does not let an invalid directive silence anything', () => {
    const text = '// mcp-migrate-disable-next-line session-state/keyed-store\ncarts.get(sessionId);';
    const result = applySuppressions([at('session-state/keyed-store', 2)], new Map([['src/server.ts', text]]), KNOWN);
    expect(result.active).toHaveLength(1);
    expect(result.diagnostics.map((d) => d.kind)).toEqual(['invalid-suppression']);
  });
});
