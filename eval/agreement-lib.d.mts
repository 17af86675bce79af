// Types of eval/agreement-lib.mjs for test/eval/agreement.test.ts (the evaluation itself is plain Node).
export interface Site { file: string; line: number; category: string; rule?: string; alt?: (number | { file?: string; line: number })[]; note?: string; difficulty?: string }
export interface Inventory { repo?: string; sites: Site[]; traps?: { file: string; line: number; note?: string }[]; confirmed?: Site[] }
export interface Decision {
  disagreement: 'only-first' | 'only-second' | 'category';
  decision: 'keep' | 'drop' | 'add' | 'reject' | 'merge' | 'first-category' | 'second-category';
  site?: Site;
  first?: Site;
  second?: Site;
  index?: number;
  mergedInto?: { file: string; line: number };
  addedAlt?: number | { file: string; line: number };
  from?: { category: string; rule?: string };
  removedTrap?: { file: string; line: number; note?: string };
  removedConfirmed?: Site;
  guideline?: string;
  reason: string;
}
export interface Adjudication { repo: string; decisions: Decision[] }
export interface Pair { sa: Site; sb: Site; d: number; same: boolean }
export interface Comparison { a: number; b: number; both: number; onlyA: Site[]; onlyB: Site[]; matched: Pair[]; sameCategory: number }
export const TOLERANCE: number;
export function asArray<T>(x: T | T[] | undefined | null): T[];
export function compare(invA: Inventory, invB: Inventory): Comparison;
export function undoAdjudication(inv: Inventory, adj: Adjudication): Inventory;
export function checkCoverage(
  cmpBefore: Comparison,
  adj: Adjudication | null,
): { unadjudicated: { kind: Decision['disagreement']; site: Site }[]; stale: Decision[] };
export function findDecision(decisions: Decision[], site: Site): Decision | undefined;
export function tally(adj: Adjudication | null): Record<'added' | 'dropped' | 'kept' | 'rejected' | 'merged' | 'recategorised' | 'decisions', number>;
export function loc(site: { file: string; line: number }): string;
