/**
 * The result of one `verify` run: one plain structure; text, JSON and Markdown are pure functions of it.
 */
type CheckStatus = 'pass' | 'fail' | 'warn' | 'skip';

/** The faults `verify` names (contract: stable ids in the JSON report). */
export const FAULTS = {
  'session-required': 'a session is still required',
  'state-lost': 'state did not follow the handle',
  'state-diverged': 'two reads of one handle disagree with no change in between',
  'guessable-handle': 'guessable or sequential handles',
  'changed-handle-accepted': 'a handle with one character changed was accepted',
  'unknown-handle-accepted': 'an unknown handle was accepted',
  'neighbour-handle-accepted': "a neighbour's handle was accepted",
  'foreign-handle-accepted': "another caller's handle was accepted",
  'foreign-object-changed': "another caller's object was changed",
  'idempotency-ignored': 'an ignored idempotency key',
  'idempotency-crosses-callers': "an idempotency key returned another caller's handle",
  'expired-handle-served': 'expired handles still served',
  'missing-handle-accepted': 'a call without the handle was accepted',
  'malformed-handle-accepted': 'a malformed or oversized handle was accepted',
  'refusal-unnamed': 'a refused handle got an error that does not name the minting tool',
  'refusal-not-tool-error': 'a refused handle got a protocol error, not a tool error (isError)',
  'server-error': 'the server failed (no answer, a transport error, or it stopped answering)',
} as const;
export type FaultId = keyof typeof FAULTS;

export interface Check {
  id: string;
  title: string;
  status: CheckStatus;
  fault?: FaultId;
  detail: string;
}

export interface TokenCost {
  tokenizer: string;
  /** Tokens of one handle value. */
  handleTokens: number;
  /** Tokens the handle argument adds to one tool call (`"cart_id":"cart_…"`). */
  perCall: number;
  /** The handle's property in the tool schemas (sent once with tools/list). */
  schemaTokens: number;
  /** Over the measured workflow: every call passing it and every result repeating it. */
  inConversation: number;
  depth: number;
}

export interface FamilyResult {
  noun: string;
  argument: string;
  mintTool: string;
  tools: string[];
  idempotencyKey: string | undefined;
  statedLifetime: string | undefined;
  sampleHandle: string | undefined;
  estimatedBits: number | undefined;
  checks: Check[];
  tokens: TokenCost | undefined;
}

export interface VerifyResult {
  schemaVersion: 1;
  tool: { name: 'mcp-migrate'; version: string };
  command: 'verify';
  target: { url: string; instances: number | undefined; redis: boolean; principals: string[]; depth: number };
  /** Checks not tied to one family (the session check). */
  checks: Check[];
  families: FamilyResult[];
  /** Handle arguments with no minting tool found, and tools not driven. */
  notes: string[];
  /** Set when verify could not run (exit 2). */
  error?: string;
  summary: { passed: number; failed: number; warnings: number; skipped: number; faults: FaultId[] };
}

export function summarize(result: Omit<VerifyResult, 'summary'>): VerifyResult['summary'] {
  const all = [...result.checks, ...result.families.flatMap((f) => f.checks)];
  const count = (status: CheckStatus) => all.filter((c) => c.status === status).length;
  const faults = [...new Set(all.filter((c) => c.status === 'fail' && c.fault).map((c) => c.fault!))];
  return { passed: count('pass'), failed: count('fail'), warnings: count('warn'), skipped: count('skip'), faults };
}

/** 0 every check passed, 1 a fault found, 2 could not run (contract). */
export function exitCodeOf(result: VerifyResult): 0 | 1 | 2 {
  if (result.error) return 2;
  return result.summary.failed > 0 ? 1 : 0;
}
