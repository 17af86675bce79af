/**
 * Whether `mcp-migrate apply` rewrites a rule's findings *today*, derived from what the transforms
 * declare they rewrite (`rewrites` in transforms/catalog.ts; test/fix-status.test.ts holds every
 * declaration to the transform's fixture pairs). A rule's `fix` metadata says what kind of fix its
 * sites get once `apply` covers the rule; until a transform rewrites it, every report says
 * "planned" and never "apply rewrites it".
 */
import type { FixKind } from './model.js';
import { TRANSFORMS } from './transforms/catalog.js';

/** Rule ids at least one transform rewrites. */
export const REWRITTEN_BY_APPLY: ReadonlySet<string> = new Set<string>(TRANSFORMS.flatMap((t) => t.rewrites));

/** The transforms that rewrite this rule's findings, in the order apply runs them. */
export function transformsRewriting(ruleId: string): string[] {
  return TRANSFORMS.filter((t) => t.rewrites.includes(ruleId)).map((t) => t.name);
}

/** True when `apply` rewrites this rule's findings in this version. */
export function fixAvailable(ruleId: string, _fix?: FixKind): boolean {
  return REWRITTEN_BY_APPLY.has(ruleId);
}

type RuleRef = { id: string; fix: FixKind } | { ruleId: string; fix: FixKind };
const idOf = (rule: RuleRef): string => ('id' in rule ? rule.id : rule.ruleId);

/**
 * The kind of fix this version gives the rule: its metadata's kind, except that a rule whose
 * metadata says `manual` but that a transform rewrites is `auto` (a person no longer has to).
 */
export function fixKind(rule: RuleRef): FixKind {
  return rule.fix === 'manual' && fixAvailable(idOf(rule)) ? 'auto' : rule.fix;
}

/** `auto`, `assisted`, `manual`, or `auto (planned)` / `assisted (planned)` while apply does not rewrite it yet. */
export function fixLabel(rule: RuleRef): string {
  const kind = fixKind(rule);
  if (kind === 'manual' || fixAvailable(idOf(rule))) return kind;
  return `${kind} (planned)`;
}

export const FIX_LEGEND_TEXT =
  'fix: auto = `mcp-migrate apply` rewrites it; assisted = apply rewrites it and leaves a marker to review; manual = needs a person. ' +
  '"(planned)": apply does not rewrite this rule yet; change the code by hand for now.';

export const FIX_LEGEND_MARKDOWN =
  'Fix: **auto**: `mcp-migrate apply` rewrites it; **assisted**: `apply` rewrites it and leaves a `@mcp-migrate-todo` ' +
  'marker to review; **manual**: a person has to change it. **(planned)**: `apply` does not rewrite this rule yet, so ' +
  'for now it needs a person too.';
