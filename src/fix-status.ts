/**
 * Whether `mcp-migrate apply` rewrites a rule's findings *today*. A rule's `fix` metadata says
 * what kind of fix its sites get (auto, assisted, manual) once `apply` covers the rule; until a
 * transform for the rule ships, every report says "planned" and never "apply rewrites it".
 *
 * `apply` adds a rule id here in the same change that adds (and tests) its transform, so the
 * claim in every report is derived from this one list.
 */
import type { FixKind } from './model.js';

// session-state-to-handles: session-keyed stores and the reads that key them.
export const REWRITTEN_BY_APPLY: ReadonlySet<string> = new Set<string>(['session-state/keyed-store', 'session-state/session-id-read']);

/** True when `apply` rewrites this rule's findings in this version. */
export function fixAvailable(ruleId: string, fix: FixKind): boolean {
  return fix !== 'manual' && REWRITTEN_BY_APPLY.has(ruleId);
}

/** `auto`, `assisted`, `manual`, or `auto (planned)` / `assisted (planned)` while apply does not rewrite it yet. */
export function fixLabel(rule: { id: string; fix: FixKind } | { ruleId: string; fix: FixKind }): string {
  const id = 'id' in rule ? rule.id : rule.ruleId;
  if (rule.fix === 'manual' || fixAvailable(id, rule.fix)) return rule.fix;
  return `${rule.fix} (planned)`;
}

export const FIX_LEGEND_TEXT =
  'fix: auto = `mcp-migrate apply` rewrites it; assisted = apply rewrites it and leaves a marker to review; manual = needs a person. ' +
  '"(planned)": apply does not rewrite this rule yet; change the code by hand for now.';

export const FIX_LEGEND_MARKDOWN =
  'Fix: **auto**: `mcp-migrate apply` rewrites it; **assisted**: `apply` rewrites it and leaves a `@mcp-migrate-todo` ' +
  'marker to review; **manual**: a person has to change it. **(planned)**: `apply` does not rewrite this rule yet, so ' +
  'for now it needs a person too.';
