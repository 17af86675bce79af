/**
 * A RuleTester in the typescript-eslint mould: each case is a small project (one file or
 * several), run through the real engine with only the rule under test; invalid cases
 * list the expected messageIds and lines exactly, valid cases must produce nothing.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEngine } from '../../src/analysis/engine.js';
import type { Rule } from '../../src/rules/rule.js';

export type Files = Record<string, string>;

export interface ValidCase {
  name?: string;
  /** A single file (`src/server.ts`) or a project. */
  code: string | Files;
  filename?: string;
}

export interface InvalidCase extends ValidCase {
  errors: Array<{ messageId: string; line: number; file?: string }>;
}

const ROOT = '/project';
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '/index.ts', '/index.js'];

/** Relative-specifier resolution over the in-memory files (`./x.js` may name `x.ts`). */
export function inMemoryResolver(files: ReadonlyMap<string, string>) {
  return (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const base = path.posix.resolve(path.posix.dirname(from), specifier);
    const stems = [base, base.replace(/\.(m|c)?js$/, '')];
    for (const stem of stems) {
      for (const ext of EXTENSIONS) {
        const candidate = stem + ext;
        if (files.has(candidate)) return candidate;
      }
    }
    return undefined;
  };
}

export function runRule(rule: Rule, code: string | Files, filename = 'src/server.ts') {
  const project: Files = typeof code === 'string' ? { [filename]: code } : code;
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  const result = runEngine({
    files,
    resolve: inMemoryResolver(files),
    rules: [rule],
    relative: (abs) => path.posix.relative(ROOT, abs),
  });
  return result;
}

export function ruleTester(rule: Rule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  describe(rule.meta.id, () => {
    describe('valid', () => {
      cases.valid.forEach((testCase, i) => {
        it(testCase.name ?? `valid #${i + 1}`, () => {
          const result = runRule(rule, testCase.code, testCase.filename);
          expect(result.diagnostics).toEqual([]);
          expect(result.findings.map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([]);
        });
      });
    });
    describe('invalid', () => {
      cases.invalid.forEach((testCase, i) => {
        it(testCase.name ?? `invalid #${i + 1}`, () => {
          const result = runRule(rule, testCase.code, testCase.filename);
          expect(result.diagnostics).toEqual([]);
          const defaultFile = typeof testCase.code === 'string' ? (testCase.filename ?? 'src/server.ts') : undefined;
          const actual = result.findings
            .map((f) => ({ messageId: f.messageId, line: f.line, file: f.file }))
            .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
          const expected = testCase.errors
            .map((e) => ({ messageId: e.messageId, line: e.line, file: e.file ?? defaultFile ?? '?' }))
            .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
          expect(actual).toEqual(expected);
        });
      });
    });
  });
}
