/**
 * A RuleTester in the typescript-eslint mould: each case is a small project (one file or
 * several), run through the real engine with only the rule under test; invalid cases
 * list the expected messageIds and lines exactly (and, when given, columns, end positions
 * and message data), valid cases must produce nothing.
 *
 * Every report the rule makes is also checked on its own: the messageId exists, every
 * `{{placeholder}}` of its template gets a non-empty value (the engine would silently put ''),
 * and the position is sane (1-based, end not before start).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEngine } from '../../src/rules/engine.js';
import type { ReportDescriptor, Rule } from '../../src/rules/rule.js';

export type Files = Record<string, string>;

export interface ValidCase {
  name?: string;
  /** A single file (`src/server.ts`) or a project. */
  code: string | Files;
  filename?: string;
}

interface ExpectedError<M extends string = string> {
  /** One of the rule's message ids: a typo fails the typecheck, not only the run. */
  messageId: M;
  line: number;
  file?: string;
  /** 1-based; checked when given. */
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** The data that fills the template's placeholders; checked (exactly) when given. */
  data?: Record<string, string>;
}

export interface InvalidCase<M extends string = string> extends ValidCase {
  errors: Array<ExpectedError<M>>;
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

/** Placeholders of a message template: `{{name}}` → name. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
}

/** Problems with one report: an unknown messageId or a placeholder left without a value. */
function reportProblems(rule: Rule, descriptor: ReportDescriptor): string[] {
  const template = rule.meta.messages[descriptor.messageId];
  if (template === undefined) return [`unknown messageId '${descriptor.messageId}' (known: ${Object.keys(rule.meta.messages).join(', ')})`];
  return placeholders(template)
    .filter((name) => !descriptor.data?.[name])
    .map((name) => `messageId '${descriptor.messageId}': placeholder {{${name}}} has no value (data: ${JSON.stringify(descriptor.data ?? {})})`);
}

/** The rule with every report recorded (descriptor and data), and checked by reportProblems. */
function recording(rule: Rule): { rule: Rule; reports: ReportDescriptor[]; problems: string[] } {
  const reports: ReportDescriptor[] = [];
  const problems: string[] = [];
  return {
    reports,
    problems,
    rule: {
      meta: rule.meta,
      create: (context) =>
        rule.create({
          ...context,
          report: (descriptor) => {
            reports.push(descriptor);
            problems.push(...reportProblems(rule, descriptor));
            context.report(descriptor);
          },
        }),
    },
  };
}

export function runRule(rule: Rule, code: string | Files, filename = 'src/server.ts') {
  const project: Files = typeof code === 'string' ? { [filename]: code } : code;
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  const recorded = recording(rule);
  const result = runEngine({
    files,
    resolve: inMemoryResolver(files),
    rules: [recorded.rule],
    relative: (abs) => path.posix.relative(ROOT, abs),
  });
  // The data of each finding, by the position the engine placed it at (for `data` expectations).
  const dataAt = new Map<string, Record<string, string> | undefined>();
  for (const descriptor of recorded.reports) {
    const sf = descriptor.node.getSourceFile();
    const start = sf.getLineAndCharacterOfPosition(descriptor.node.getStart(sf));
    dataAt.set(`${path.posix.relative(ROOT, sf.fileName)}:${start.line + 1}:${start.character + 1}:${descriptor.messageId}`, descriptor.data);
  }
  const findings = result.findings.map((f) => ({ ...f, data: dataAt.get(`${f.file}:${f.line}:${f.column}:${f.messageId}`) }));
  return { ...result, findings, reportProblems: recorded.problems };
}

/** A finding's position must be 1-based and not end before it starts. */
function positionProblems(f: { file: string; line: number; column: number; endLine: number; endColumn: number }): string[] {
  const ok = f.line >= 1 && f.column >= 1 && (f.endLine > f.line || (f.endLine === f.line && f.endColumn >= f.column));
  return ok ? [] : [`${f.file}: bad position ${f.line}:${f.column}-${f.endLine}:${f.endColumn}`];
}

export function ruleTester<M extends string>(rule: Rule<M>, cases: { valid: ValidCase[]; invalid: Array<InvalidCase<NoInfer<M>>> }): void {
  describe(rule.meta.id, () => {
    describe('valid', () => {
      cases.valid.forEach((testCase, i) => {
        it(testCase.name ?? `valid #${i + 1}`, () => {
          const result = runRule(rule, testCase.code, testCase.filename);
          expect(result.diagnostics).toEqual([]);
          expect(result.findings.map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([]);
          expect(result.reportProblems).toEqual([]);
        });
      });
    });
    describe('invalid', () => {
      cases.invalid.forEach((testCase, i) => {
        it(testCase.name ?? `invalid #${i + 1}`, () => {
          const result = runRule(rule, testCase.code, testCase.filename);
          expect(result.diagnostics).toEqual([]);
          expect(result.reportProblems).toEqual([]);
          expect(result.findings.flatMap(positionProblems)).toEqual([]);
          const defaultFile = typeof testCase.code === 'string' ? (testCase.filename ?? 'src/server.ts') : undefined;
          const byPosition = (a: { file: string; line: number; column?: number }, b: { file: string; line: number; column?: number }) =>
            a.file.localeCompare(b.file) || a.line - b.line || (a.column ?? 0) - (b.column ?? 0);
          // Only the fields an expectation names are compared, so older cases stay short.
          const expected = testCase.errors.map((e) => ({ ...e, file: e.file ?? defaultFile ?? '?' })).sort(byPosition);
          const actual = [...result.findings].sort(byPosition).map((f, i) => {
            const want = expected[i];
            const got: Record<string, unknown> = { messageId: f.messageId, line: f.line, file: f.file };
            if (want?.column !== undefined) got.column = f.column;
            if (want?.endLine !== undefined) got.endLine = f.endLine;
            if (want?.endColumn !== undefined) got.endColumn = f.endColumn;
            if (want?.data !== undefined) got.data = f.data;
            return got;
          });
          expect(actual).toEqual(expected);
        });
      });
    });
  });
}
