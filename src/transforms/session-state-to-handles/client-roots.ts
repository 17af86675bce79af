/**
 * Stores of the client's roots per session: `roots.set(sessionId, (await server.listRoots()).roots)`. A cache of
 * what the client said on its connection, not state a tool created, so a handle is the wrong advice: on
 * 2026-07-28 the server asks for roots within the request that needs them (as PR 4551 did for the everything
 * server's get-roots-list), and the marker says so.
 */
import { ts } from '../../typescript.js';
import { calleeParts, unwrap } from '../../analysis/ast.js';
import type { StoreModel } from '../../analysis/reach.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { isServerKind } from '../../analysis/value.js';
import { describedFeature, serverMethodsOf } from '../../analysis/sdk-features.js';

/** The roots request (`server.server.listRoots()`) and the key of its result holding the list (`response.roots`). */
const LIST_ROOTS = serverMethodsOf('roots', 'request');
const ROOTS_KEY = describedFeature('roots').resultKey!;

/** True when a value the store is given is the roots of an SDK server's `listRoots()` answer (directly or through a local const). */
export function cachesClientRoots(model: StoreModel, values: ValueAnalysis): boolean {
  return model.store.accesses.some((sink) => sink.written !== undefined && isListRootsAnswer(sink.written, values));
}

function isListRootsAnswer(value: ts.Node, values: ValueAnalysis): boolean {
  let expression = unwrap(value);
  // `response.roots` / `response?.roots`: the answer's list.
  if (ts.isPropertyAccessExpression(expression) && expression.name.text === ROOTS_KEY) expression = unwrap(expression.expression);
  if (ts.isIdentifier(expression)) {
    const declaration = values.symbolOf(expression)?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return false;
    expression = unwrap(declaration.initializer);
  }
  if (!ts.isCallExpression(expression)) return false;
  const { name, receiver } = calleeParts(expression);
  return !!name && LIST_ROOTS.has(name) && receiver !== undefined && isServerKind(values.valueOf(receiver));
}

/** The marker's advice for such a store. */
export function clientRootsAdvice(name: string): string {
  return `\`${name}\` caches the client's roots per session: what the client said on its connection, not state a tool created, so it needs no handle. A 2026-07-28 server has no session to cache them under and cannot ask the client outside a request: ask for the roots within the tool call that needs them (an input request, inputRequired), and keep this cache only while 2025-era clients (stdio, server-legacy) are served.`;
}
