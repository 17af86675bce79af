/**
 * Session id reads that only key stores this transform kept and marked (timers per session, a set of session
 * ids, the client's roots per session, retry marks, idle-session bookkeeping, a store outside any tool, …).
 * Such a read has nothing to rewrite — the stores it keys stay, each with its own marker saying what replaces
 * it — yet it is a `session-state/session-id-read` finding of its own (the modelcontextprotocol/servers
 * `everything` server: `const sessionId = extra?.sessionId` in toggle-simulated-logging, handed to
 * `stopSimulatedLogging`, which keys `logsUpdateIntervals`). Each such read gets one marker that names the
 * stores it keys, so a person resolves the read together with them instead of finding it unexplained.
 *
 * A read is taken only when the rule reports it (`classifyRead`), at least one of its uses keys a store, and
 * every store it keys is an application store this transform marked: a read that also keys a rewritten store,
 * a transport or session registry, is the rewrite's or the serving markers' business (except a transport registry
 * whose records also keep state read back, `SessionStore.heldState`: its lookup reads that state).
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { statementOf } from '../../analysis/ast.js';
import type { SessionFlow, SessionRead, SessionStore } from '../../analysis/session-flow.js';
import { classifyRead } from '../../analysis/session-read-verdicts.js';
import { fallbackOfRead } from './fallbacks.js';
import type { StoreOutcome } from '../kit/plan.js';

export interface KeptStoreRead {
  /** The statement the marker goes above (it covers every kept-store read inside it). */
  statement: ts.Node;
  message: string;
}

/**
 * `outcomes`: the outcome of each store the transform planned, by the analysis's store (a client store grouped
 * with others maps every member to the group's outcome). `skip`: reads already marked for another reason.
 */
export function keptStoreReads(sessions: SessionFlow, outcomes: ReadonlyMap<SessionStore, StoreOutcome>, skip: ReadonlySet<SessionRead>): KeptStoreRead[] {
  const out: KeptStoreRead[] = [];
  const reads = [...sessions.reads].sort((a, b) => a.node.getSourceFile().fileName.localeCompare(b.node.getSourceFile().fileName) || a.node.getStart() - b.node.getStart());
  for (const read of reads) {
    if (skip.has(read) || classifyRead(read, sessions) !== 'read') continue;
    const kept = keptStores(read, sessions, outcomes);
    if (!kept) continue;
    const statement = statementOf(read.node);
    const sf = statement.getSourceFile();
    // One marker per statement: a second read inside a statement already marked (`if (!timers.has(id)) timers.set(id, …)`) is covered by it.
    if (out.some((r) => r.statement.getSourceFile() === sf && r.statement.getStart(sf) <= statement.getStart(sf) && statement.getEnd() <= r.statement.getEnd())) continue;
    out.push({ statement, message: keptReadAdvice(sf.fileName, kept, fallbackOfRead(read.node)) });
  }
  return out;
}

/** The marked stores the read keys, each once in the order of its uses; undefined unless every store it keys was marked. */
function keptStores(read: SessionRead, sessions: SessionFlow, outcomes: ReadonlyMap<SessionStore, StoreOutcome>): StoreOutcome[] | undefined {
  const kept: StoreOutcome[] = [];
  for (const sink of read.sinks) {
    if (sink.kind !== 'store') continue;
    const store = sessions.storeOfSink(sink);
    // A transport registry counts when its records keep state read back by the id (a credential beside the transport).
    if (!store || !(store.kind === 'state' || (store.kind === 'transport' && store.heldState?.length))) return undefined;
    const outcome = outcomes.get(store);
    if (!outcome || outcome.status !== 'marked') return undefined;
    if (!kept.includes(outcome)) kept.push(outcome);
  }
  return kept.length > 0 ? kept : undefined;
}

function keptReadAdvice(readFile: string, stores: readonly StoreOutcome[], fallback: string | undefined): string {
  // Stores of one file together: "`a` and `b` (../lib/pool.ts)", the file left out for the read's own.
  const byFile = new Map<string, string[]>();
  for (const s of stores) byFile.set(s.file, [...(byFile.get(s.file) ?? []), `\`${s.store}\``]);
  const list = listText(
    [...byFile].map(([file, names]) => {
      const where = file === readFile ? '' : ` (${path.relative(path.dirname(readFile), file).split(path.sep).join('/')})`;
      return `${listText(names)}${where}`;
    }),
    byFile.size > 1 ? '; ' : ', ',
  );
  const them = stores.length === 1 ? 'it' : 'them';
  return (
    `the session id read here keys ${list}, kept by apply and marked with what to do about ${them}. ` +
    (fallback
      ? `A 2026-07-28 request has no session id: here it is ${fallback} (the fallback), so all such requests share that one entry. `
      : `A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). `) +
    `Resolve this read together with ${stores.length === 1 ? 'that marker' : 'those markers'}: when ${stores.length === 1 ? 'the store goes, or is re-keyed' : 'the stores go, or are re-keyed'}, this read goes with ${them}; until then it serves only 2025-era clients (stdio, server-legacy).`
  );
}

function listText(items: readonly string[], separator = ', '): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(separator)}${separator === ', ' ? ' and ' : '; and '}${items[items.length - 1]!}`;
}
