/**
 * Client stores (Redis, a KV wrapper): no declaration, so the analysis sees one store per keyed call. The handles
 * transform groups the calls of one logical store, and points every other keyed call of a marked one at its marker.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, isInside, unwrap, statementOf } from '../../analysis/ast.js';
import type { StoreModel } from '../../analysis/reach.js';
import type { SessionStore } from '../../analysis/session-flow-types.js';
import { functionNames } from '../../analysis/call-index.js';
import type { StoreOutcome } from '../kit/plan.js';

/**
 * A client store (Redis, KV) has no declaration: the analysis sees one store per keyed call. Calls
 * on the same client with the same key prefix (`cart:${sid}`) are one logical store.
 */
/** Which kind a client store's calls make it when they disagree: the one to be most careful with. */
const KIND_WEIGHT: Readonly<Record<SessionStore['kind'], number>> = { session: 0, state: 1, server: 2, transport: 3 };

export function groupClientStores(models: readonly StoreModel[]): StoreModel[] {
  const out: StoreModel[] = [];
  const groups = new Map<string, StoreModel>();
  for (const model of models) {
    if (model.store.declaration) {
      out.push(model);
      continue;
    }
    // One client (`sessionStore`, a key prefix) is one store, whatever each call writes into it: a record the serving
    // layer creates with its transport in it and tools then update is one store holding both (sweep 13 L4).
    const key = `${model.store.name}\0${keyPrefix(model)}`;
    const group = groups.get(key);
    if (!group) {
      const copy: StoreModel = { store: { ...model.store, accesses: [...model.store.accesses], reads: [...model.store.reads] }, accesses: [...model.accesses], tools: [...model.tools], unnamedTools: [...model.unnamedTools] };
      groups.set(key, copy);
      out.push(copy);
      continue;
    }
    // Serving objects anywhere in it make it a registry, or (with tools reaching it) a record to split; application
    // state anywhere in it outweighs the HTTP layer's own records (whichever call came first).
    if (KIND_WEIGHT[model.store.kind] > KIND_WEIGHT[group.store.kind]) group.store.kind = model.store.kind;
    if (model.store.holdsServer) group.store.holdsServer = true;
    group.store.accesses.push(...model.store.accesses);
    for (const read of model.store.reads) if (!group.store.reads.includes(read)) group.store.reads.push(read);
    group.accesses.push(...model.accesses);
    for (const tool of model.tools) if (!group.tools.includes(tool)) group.tools.push(tool);
    for (const call of model.unnamedTools) if (!group.unnamedTools.includes(call)) group.unnamedTools.push(call);
  }
  return out;
}

/**
 * The static parts of a client store's key, the id replaced by `*`: `session:*:prefs` for both
 * `` `session:${sid}:prefs` `` and `'session:' + sid + ':prefs'`; '' for a key that is only a variable.
 */
export function keyPrefix(model: StoreModel): string {
  const key = model.accesses[0]?.sink.key;
  const inner = key && unwrap(key);
  if (!inner) return '';
  if (ts.isTemplateExpression(inner)) return [inner.head.text, ...inner.templateSpans.map((span) => span.literal.text)].join('*');
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const parts: string[] = [];
    const walk = (node: ts.Expression): void => {
      const n = unwrap(node) as ts.Expression;
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        walk(n.left);
        walk(n.right);
      } else parts.push(ts.isStringLiteralLike(n) ? n.text : '*');
    };
    walk(inner);
    return parts.join('').replace(/\*+/g, '*');
  }
  return '';
}

/**
 * The statements of a marked client store's keyed calls, but the one its marker stands above. Scan reports a client
 * store (Redis, a KV wrapper) at every keyed call, not at a declaration, and a marker stands only for the statement
 * below it: without one at each call, the other calls would stay reported with nothing said about them (example-remote-server's
 * `session:<id>:owner`, set in one helper and read in another).
 */
export function otherKeyedCalls(model: StoreModel, outcome: StoreOutcome, marked: ts.Node): ts.Node[] {
  // Only application state (also a record holding serving objects that tools update, which is to be split): a
  // registry's or a per-session server's calls are the serving decision's, reported under their own rules.
  if ((model.store.kind !== 'state' && model.tools.length === 0) || outcome.status !== 'marked') return [];
  const others: ts.Node[] = [];
  for (const access of model.accesses) {
    const statement = statementOf(access.sink.node);
    if (statement !== marked && !others.includes(statement)) others.push(statement);
  }
  return others;
}

/**
 * Points from `here` at the store's marker, above `marked`: by the function it is in when that tells it apart (a
 * line number would be stale once markers are inserted above it), else by the statement's first line. The marker
 * need not be at a keyed call (a rewrite that stopped at a tool's `return;` is marked there).
 */
export function seeStoreMarker(name: string, marked: ts.Node, here: ts.Node): string {
  const markedFile = marked.getSourceFile();
  const file = markedFile === here.getSourceFile() ? '' : ` in ${path.basename(markedFile.fileName)}`;
  const fn = enclosingFunction(marked);
  const fnName = fn && functionNames(fn)[0];
  let where: string;
  if (fnName && !(file === '' && isInside(here, fn))) where = `in \`${fnName}()\`${file}`;
  else {
    const firstLine = marked.getText().split('\n')[0]!.trim();
    // An anonymous handler is told by its registration: `return;` alone could be any function's.
    const registration = fn && !fnName && ts.isCallExpression(fn.parent) ? fn.parent : undefined;
    const registered = registration && registration.arguments[0] && ts.isStringLiteral(registration.arguments[0]) ? registration.arguments[0] : undefined;
    const inHandler = registration && registered && !isInside(here, fn!) ? ` in the handler of \`${calleeParts(registration).name ?? 'a call'}(${registered.getText()}, …)\`` : '';
    where = `above \`${firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine}\`${inHandler}${file}`;
  }
  return `\`${name}\` is keyed by the session id here too: one store, marked with what to do about it ${where}. Resolve this call together with that marker.`;
}
