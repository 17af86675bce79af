/**
 * What a session registry that goes leaves in code that stays, and what becomes of it. Used by every rewrite that
 * removes a registry (the Streamable HTTP endpoints, through eligibility.ts, and the HTTP+SSE endpoint
 * `--modern-only` removes):
 *
 * - counts of its sessions (`transports.size`, `Object.keys(transports).length`) in a health field or a metrics
 *   line: there is nothing left to count, so each becomes `0` under one marker, and whether to drop the field is
 *   the owner's call;
 * - shutdown loops closing its transports: they go, or close the handler that replaced them.
 */
import { sessionCountAt } from '../../analysis/registry-counts.js';
import { ts } from '../../typescript.js';
import { calleeParts, isFunctionLike, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { RULE_ID } from '../../rule-ids.js';

/** A count of a registry's sessions outside the replaced code, and the registry it counts. */
export interface SessionCount {
  count: ts.Expression;
  registry: SessionStore;
}

/** What rewriting a count needs of the file's plan (a ServingFile, or the ServingSite view of one). */
export interface CountEditor {
  readonly sf: ts.SourceFile;
  edit(start: number, end: number, text: string): void;
  marker(node: ts.Node, ruleId: string, message: string): void;
}


/**
 * Each count of a registry that goes becomes `0`, with a marker: the number it reported (open sessions) no
 * longer exists, and whether to drop it from the endpoint or count something else is the owner's call. A
 * registry that stays (shared with the kept HTTP+SSE routes) still counts its sessions, so its counts stay.
 * `removedBy` says what removed the registry, for the marker.
 */
export function rewriteSessionCounts(file: CountEditor, counts: readonly SessionCount[], staying: readonly SessionStore[], removedBy = 'the session registry that stateless serving removed: 2026-07-28 has no sessions'): void {
  // One marker per statement (a health object may count twice): it names every count it stands for.
  const byStatement = new Map<ts.Node, SessionCount[]>();
  for (const c of counts) {
    if (staying.includes(c.registry)) continue;
    const { start, end } = countRange(file.sf.text, c.count);
    file.edit(start, end, '0');
    const statement = statementOf(c.count);
    byStatement.set(statement, [...(byStatement.get(statement) ?? []), c]);
  }
  for (const group of byStatement.values()) {
    const texts = group.map(({ count }) => `\`${count.getText(file.sf)}\``).join(', ');
    const registries = [...new Set(group.map(({ registry }) => `\`${registry.name}\``))].join(', ');
    file.marker(
      group[0]!.count,
      RULE_ID.transportRegistry,
      `${texts} counted the sessions in ${registries}, ${removedBy}, so ${group.length > 1 ? 'they are' : 'it is'} 0 now. Drop ${group.length > 1 ? 'them' : 'it'} from what this code reports, or count something that still exists (requests in flight).`,
    );
  }
}

/** The count's text, with `${` `}` around it when it is a whole template substitution (`${transports.size}` → `0`). */
function countRange(text: string, count: ts.Expression): { start: number; end: number } {
  const start = count.getStart();
  if (!ts.isTemplateSpan(count.parent) || count.parent.expression !== count) return { start, end: count.end };
  const open = /\$\{\s*$/.exec(text.slice(0, start));
  const close = /^\s*\}/.exec(text.slice(count.end));
  return open && close ? { start: open.index, end: count.end + close[0].length } : { start, end: count.end };
}

/**
 * A loop over a registry (`for (const sid in transports)`, `for (… of Object.keys(transports))`, `transports.forEach(…)`,
 * `await Promise.all(Object.values(transports).map((t) => t.close()))`) around `ref`: shutdown bookkeeping. `refs` are
 * all the registry's references (the loop iterates one of them).
 */
export function shutdownLoop(ref: ts.Node, refs: readonly ts.Node[]): ts.Node | undefined {
  const iterates = (over: ts.Node) => refs.some((r) => isInside(r, over));
  for (let current: ts.Node | undefined = ref.parent; current && !isFunctionLike(current); current = current.parent) {
    if ((ts.isForInStatement(current) || ts.isForOfStatement(current)) && iterates(current.expression)) return current;
    if (ts.isExpressionStatement(current)) {
      const call = unwrap(current.expression);
      if (ts.isCallExpression(call) && calleeParts(call).name === 'forEach' && iterates(call.expression)) return current;
      const mapped = settledMap(ts.isVoidExpression(call) ? unwrap(call.expression) : call);
      if (mapped && iterates(mapped)) return current;
    }
  }
  return undefined;
}

/**
 * `Promise.all(list.map(cb))` / `Promise.allSettled(…)` as a statement (awaited, `void` or neither): a loop over `list`, whose
 * expression (`Object.values(transports)`, `[...sessions.values()]`, `Array.from(sessions.values())`) is returned.
 */
function settledMap(call: ts.Node): ts.Node | undefined {
  if (!ts.isCallExpression(call) || call.arguments.length !== 1) return undefined;
  const { name, receiver } = calleeParts(call);
  if ((name !== 'all' && name !== 'allSettled') || !receiver || unwrap(receiver).getText() !== 'Promise') return undefined;
  const map = unwrap(call.arguments[0]!);
  if (!ts.isCallExpression(map) || map.arguments.length !== 1 || calleeParts(map).name !== 'map' || !isFunctionLike(unwrap(map.arguments[0]!))) return undefined;
  return ts.isPropertyAccessExpression(map.expression) ? map.expression.expression : undefined;
}

/** Names of functions that end the process's or the server's work (`shutdown`, `closeAll`, `stop`, `cleanup`, `onExit`). */
const SHUTDOWN_NAME = /shut|close|stop|clean|exit|teardown|dispose|terminate/i;

/**
 * Whether `node` runs when the process or the server stops: inside a listener of `process.on('SIGINT' | 'SIGTERM' |
 * 'exit' | 'beforeExit', …)`, or a function whose name says so. A loop elsewhere (an admin route closing every
 * stream) is not a shutdown: closing the one handler that serves every request there would end the service.
 */
function onShutdownPath(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (!isFunctionLike(current)) continue;
    const holder = current.parent;
    if (ts.isCallExpression(holder) && holder.arguments.includes(current as ts.Expression)) {
      const { name, receiver } = calleeParts(holder);
      const event = holder.arguments[0];
      if ((name === 'on' || name === 'once') && receiver && unwrap(receiver).getText() === 'process' && event && ts.isStringLiteralLike(event) && /^(SIGINT|SIGTERM|SIGHUP|exit|beforeExit)$/.test(event.text)) return true;
    }
    const named = (current as ts.FunctionLikeDeclaration).name ?? (ts.isVariableDeclaration(holder) || ts.isPropertyAssignment(holder) ? holder.name : undefined);
    if (named && SHUTDOWN_NAME.test(named.getText())) return true;
  }
  return false;
}

/**
 * Whether a loop closing a removed registry's transports becomes the entry's `close()`: on a shutdown path
 * (`onShutdownPath`) where the entry, declared in `scope`, is in reach. Anywhere else the loop just goes: the
 * streams it closed no longer exist, and closing the one handler would end the service for every later request.
 */
export function loopClosesEntry(loop: ts.Node, scope: ts.Node): boolean {
  return onShutdownPath(loop) && (ts.isSourceFile(scope) || isInside(loop, scope));
}

/** What a registry's references outside the removed code are: counts and shutdown loops, or the first other use. */
export type Leftovers = { counts: SessionCount[]; loops: ts.Node[] } | { stray: ts.Node } | { why: string };

/**
 * Sorts the references of `registry` that `stays` (outside the code that goes) into counts of its sessions and loops
 * closing its transports. A loop must be plumbing only (`plumbingRefusal`, the registry's name allowed); any other
 * use is `stray`, for the caller's reason.
 */
export function leftoversOf(
  registry: SessionStore,
  refs: readonly ts.Node[],
  stays: (ref: ts.Node) => boolean,
  plumbingRefusal: (root: ts.Node, allowed: readonly string[], where: string) => string | undefined,
): Leftovers {
  const outside = refs.filter(stays);
  const loops = [...new Set(outside.flatMap((ref) => (sessionCountAt(ref) ? [] : [shutdownLoop(ref, refs)]).filter((l): l is ts.Node => !!l)))];
  for (const loop of loops) {
    const why = plumbingRefusal(loop, [registry.name], 'the shutdown loop');
    if (why) return { why: `its registry \`${registry.name}\` is also closed by a shutdown loop that does more (${why.replace(/\.$/, '')})` };
  }
  const inLoop = (ref: ts.Node) => loops.some((loop) => isInside(ref, loop));
  const stray = outside.find((ref) => !inLoop(ref) && !sessionCountAt(ref));
  if (stray) return { stray };
  return { counts: outside.filter((ref) => !inLoop(ref)).map((ref) => ({ count: sessionCountAt(ref)!, registry })), loops };
}
