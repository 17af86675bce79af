/** Runs every catalogue rule (framework adapters included) over a small project: `ruleId line`, sorted by line. */
import path from 'node:path';
import { runEngine } from '../../src/rules/engine.js';
import { RULES } from '../../src/rules/index.js';
import { inMemoryResolver, type Files } from '../support/rule-tester.js';

const ROOT = '/project';

/** `majors`: the major of each dependency the project uses (as installed or declared), for calls only a major tells apart. */
export function scanProject(code: string | Files, filename = 'src/server.ts', majors: Readonly<Record<string, number>> = {}) {
  const project: Files = typeof code === 'string' ? { [filename]: code } : code;
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  const dependencyMajor = (_from: string, pkg: string): number | undefined => majors[pkg];
  return runEngine({ files, resolve: inMemoryResolver(files), rules: RULES, dependencyMajor, relative: (abs) => path.posix.relative(ROOT, abs) });
}

/** `file:line ruleId messageId`, sorted, for comparing whole projects at once. */
export function findingsOf(code: string | Files, filename?: string, majors?: Readonly<Record<string, number>>): string[] {
  const result = scanProject(code, filename, majors);
  if (result.diagnostics.length) throw new Error(JSON.stringify(result.diagnostics));
  return result.findings
    .map((f) => `${f.file}:${f.line} ${f.rule.meta.id} ${f.messageId}`)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
