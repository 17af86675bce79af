/** `file:line messageId`, sorted, for every finding of `rule` on `code`. */
import type { Rule } from '../../src/rules/rule.js';
import type { Files } from '../support/rule-tester.js';
import { runRule } from '../support/rule-tester.js';

export function exactMessageIds(rule: Rule, code: string | Files, filename?: string): string[] {
  return runRule(rule, code, filename)
    .findings.map((f) => `${f.file}:${f.line} ${f.messageId}`)
    .sort();
}
