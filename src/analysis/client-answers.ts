/**
 * A client's answer to a server→client request kept beyond the request that asked for it: `lastRoots = (await
 * server.server.request({ method: 'roots/list' }, …)).roots` into a variable or class field that outlives the function
 * asking, and read elsewhere (applied to every later tool call). The answer describes one connected client; a 2025
 * session guaranteed that every later request came from that client over the same server, 2026-07-28 does not, and a
 * roots request may only be sent as an MRTR input request of the call that needs it.
 *
 * Which requests count is declared in CLIENT_STATE_REQUESTS (by the SDK description's feature ids): roots describe the
 * client's workspace, an answer that stays true between calls and so invites caching; a sampling or elicitation answer
 * belongs to the call that asked.
 */
import { ts } from '../typescript.js';
import { enclosingFunction, forEachDescendant, isInside, outermostWrapper } from './ast.js';
import type { FeatureId, SdkFeatures } from './sdk-features.js';
import type { ValueAnalysis } from './values.js';

/** Features whose answer describes the client rather than one call, with the request method that asks for it. */
const CLIENT_STATE_REQUESTS: Partial<Record<FeatureId, string>> = { roots: 'roots/list' };

export interface ClientAnswerCache {
  /** The declaration of the variable or class field that keeps the answer. */
  declaration: ts.VariableDeclaration | ts.PropertyDeclaration;
  name: string;
  /** The method of the request whose answer it keeps (`roots/list`). */
  method: string;
  /** The request whose answer it keeps. */
  request: ts.CallExpression;
}

/** The caches of the answer to `call`, when it is a request for client state (a `roots/list`). */
export function clientAnswerCaches(values: ValueAnalysis, features: SdkFeatures, call: ts.CallExpression): ClientAnswerCache[] {
  const site = features.inputRequestAt(call);
  const method = site && CLIENT_STATE_REQUESTS[site.feature];
  if (!method) return [];
  return cachesOf(values, call).map((declaration) => ({ declaration, name: declaration.name.getText(), method, request: call }));
}

/**
 * The outliving declarations the request's answer is assigned to: the call itself or a `const` holding it, read as is or
 * through a property (`.roots`), on the right of `=`; the target declared outside the asking function and read in
 * another function.
 */
function cachesOf(values: ValueAnalysis, request: ts.CallExpression): Array<ts.VariableDeclaration | ts.PropertyDeclaration> {
  const asking = enclosingFunction(request);
  if (!asking) return [];
  const carriers: ts.Node[] = [request];
  const holder = outermostWrapper(request).parent;
  if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) && holder.initializer === outermostWrapper(request)) {
    const symbol = values.symbolOf(holder.name);
    forEachDescendant(asking, (use) => {
      if (ts.isIdentifier(use) && use !== holder.name && symbol && values.symbolOf(use) === symbol) carriers.push(use);
    });
  }
  const out: Array<ts.VariableDeclaration | ts.PropertyDeclaration> = [];
  for (const carrier of carriers) {
    let value = outermostWrapper(carrier);
    // `answer.roots`: the listed roots themselves.
    while (value.parent && ts.isPropertyAccessExpression(value.parent) && value.parent.expression === value) value = outermostWrapper(value.parent);
    const assignment = value.parent;
    if (!assignment || !ts.isBinaryExpression(assignment) || assignment.right !== value || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const target = assignment.left;
    const name = ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword ? target.name : ts.isIdentifier(target) ? target : undefined;
    const declaration = name && values.symbolOf(name)?.valueDeclaration;
    if (!declaration || !(ts.isVariableDeclaration(declaration) || ts.isPropertyDeclaration(declaration))) continue;
    // Declared where it outlives the asking function, and read by code other than the one that asks.
    if (isInside(declaration, asking)) continue;
    if (readElsewhere(values, declaration, asking)) out.push(declaration);
  }
  return out;
}

function readElsewhere(values: ValueAnalysis, declaration: ts.VariableDeclaration | ts.PropertyDeclaration, asking: ts.FunctionLikeDeclaration): boolean {
  const symbol = values.symbolOf(declaration.name);
  if (!symbol) return false;
  const scope = ts.isPropertyDeclaration(declaration) ? declaration.parent : (enclosingFunction(declaration) ?? declaration.getSourceFile());
  let read = false;
  forEachDescendant(scope, (node) => {
    if (read || !(ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) || node === declaration.name || isInside(node, asking)) return;
    if (values.symbolOf(node) !== symbol) return;
    const outer = outermostWrapper(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node ? node.parent : node);
    const parent = outer.parent;
    if (parent && ts.isBinaryExpression(parent) && parent.left === outer && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return;
    read = true;
  });
  return read;
}
