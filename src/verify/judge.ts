/**
 * How one call is judged. A call with a handle the caller owns must be served; a fault (a handle that is
 * unknown, changed, someone else's, expired, missing or malformed) must be refused with a tool error
 * (`isError`) that names the minting tool, so the model knows what to call instead.
 */
import { textOf, type CallOutcome } from './clients.js';
import type { Check, FaultId } from './result.js';

/** What became of a call made with a valid handle. */
export type ServedAs = 'ok' | 'refused' | 'domain-error' | 'failed';

/**
 * A tool error on a valid handle is a refusal of the handle when it names the minting tool, the handle
 * argument or the handle itself; any other tool error is the tool's own business (say, an unknown SKU)
 * and is not judged.
 */
export function servedAs(outcome: CallOutcome, names: { mintTool: string; argument: string; handle: string }): ServedAs {
  if (outcome.kind === 'failed') return 'failed';
  const text = outcome.kind === 'result' ? textOf(outcome.result) : outcome.message;
  if (outcome.kind === 'result' && !outcome.result.isError) return 'ok';
  const aboutTheHandle = [names.mintTool, names.argument, names.handle].some((n) => text.includes(n));
  return aboutTheHandle ? 'refused' : 'domain-error';
}

export function describeOutcome(outcome: CallOutcome, max = 160): string {
  const text =
    outcome.kind === 'result'
      ? `${outcome.result.isError ? 'tool error' : 'served'}: ${textOf(outcome.result)}`
      : outcome.kind === 'protocol-error'
        ? `JSON-RPC error ${outcome.code}: ${outcome.message}`
        : `no answer: ${outcome.message}`;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export interface RefusalRules {
  mintTool: string;
  /** The fault named when the server serves the call. */
  accepted: FaultId;
  /** A JSON-RPC invalid-params error counts as a refusal (the input schema itself refused the value). */
  schemaMayRefuse?: boolean;
  /** An HTTP-level refusal (e.g. 413 for an oversized body) counts as a refusal. */
  transportMayRefuse?: boolean;
}

/** Judge one fault call: `undefined` when refused as it should be, else the failed check's fault and why. */
export function refusalProblem(outcome: CallOutcome, rules: RefusalRules): { fault: FaultId; why: string } | undefined {
  if (outcome.kind === 'result') {
    if (!outcome.result.isError) return { fault: rules.accepted, why: describeOutcome(outcome) };
    return textOf(outcome.result).includes(rules.mintTool) ? undefined : { fault: 'refusal-unnamed', why: `${describeOutcome(outcome)} (does not name ${rules.mintTool})` };
  }
  if (outcome.kind === 'protocol-error') {
    if (rules.schemaMayRefuse && outcome.code === -32602) return undefined;
    return { fault: 'refusal-not-tool-error', why: describeOutcome(outcome) };
  }
  if (rules.transportMayRefuse && /\b4\d\d\b/.test(outcome.message)) return undefined;
  return { fault: 'server-error', why: describeOutcome(outcome) };
}

export function check(id: string, title: string, problems: Array<{ fault: FaultId; why: string; what: string }>, passDetail: string): Check {
  if (problems.length === 0) return { id, title, status: 'pass', detail: passDetail };
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return { id, title, status: 'fail', fault: first.fault, detail: `${first.what}: ${first.why}${more}` };
}
