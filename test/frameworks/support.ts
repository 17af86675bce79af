/** Runs every catalogue rule (framework adapters included) over a small project: `ruleId line`, sorted by line. */
import path from 'node:path';
import { runEngine } from '../../src/rules/engine.js';
import { RULES } from '../../src/rules/index.js';
import { inMemoryResolver, type Files } from '../support/rule-tester.js';

const ROOT = '/project';

export function scanProject(code: string | Files, filename = 'src/server.ts') {
  const project: Files = typeof code === 'string' ? { [filename]: code } : code;
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  return runEngine({ files, resolve: inMemoryResolver(files), rules: RULES, relative: (abs) => path.posix.relative(ROOT, abs) });
}

/** `file:line ruleId messageId`, sorted, for comparing whole projects at once. */
export function findingsOf(code: string | Files, filename?: string): string[] {
  const result = scanProject(code, filename);
  if (result.diagnostics.length) throw new Error(JSON.stringify(result.diagnostics));
  return result.findings
    .map((f) => `${f.file}:${f.line} ${f.rule.meta.id} ${f.messageId}`)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
