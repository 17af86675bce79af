/**
 * Where a store the session id keys is declared: the collection (`const carts = new Map()`, `transports = {}`, a
 * class field) its accesses go back to, through the parameters and destructured options helpers receive it by. A
 * store with a declaration is one store however many places touch it; a client object (Redis, a KV) has none, and
 * each of its accesses stands alone.
 */
import { ts } from '../typescript.js';
import { isFunctionLike, propertyNameText, unwrap } from './ast.js';
import type { ValueAnalysis } from './values.js';
import { isCollectionDeclaration, storeRoot } from './keyed-collections.js';

/** The declaration of a collection (`const carts = new Map()`, `transports = {}`, a class field) — not of a client. */
export function storeDeclaration(values: ValueAnalysis, store: ts.Expression, depth = 0): ts.Node | undefined {
  const root = storeRoot(store);
  const target = ts.isPropertyAccessExpression(root) ? root.name : root;
  if (!ts.isIdentifier(target) || depth > 4) return undefined;
  const symbol = values.symbolOf(target);
  let decl = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  // JavaScript: the checker declares `this.notes` by the assignment `this.notes = new Map()` itself.
  if (decl && ts.isBinaryExpression(decl) && ts.isPropertyAccessExpression(decl.left)) decl = decl.left;
  if (!decl) return undefined;
  if (ts.isParameter(decl)) {
    // `function handleSSE(..., sessions: Map<string, SSEServerTransport>)`: the store is what callers pass.
    const fn = decl.parent;
    const index = isFunctionLike(fn) ? fn.parameters.indexOf(decl) : -1;
    for (const call of isFunctionLike(fn) ? values.calls.callsOf(fn) : []) {
      const arg = call.arguments[index];
      const found = arg && !ts.isSpreadElement(arg) ? storeDeclaration(values, arg, depth + 1) : undefined;
      if (found) return found;
    }
    return undefined;
  }
  // `({ activeTransports }: { activeTransports: Record<…> }) => …` called with `{ activeTransports: sessions, … }`.
  const passed = passedForBinding(values, decl);
  if (passed) {
    for (const arg of passed) {
      const found = storeDeclaration(values, arg, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  if (!(ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl) || ts.isPropertyAssignment(decl) || (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent)))) {
    return undefined;
  }
  return isCollectionDeclaration(decl, values) ? decl : undefined;
}

/**
 * For a name bound by destructuring a function's object parameter (`({ sessions, res }) => …`): what the callers pass
 * for that member (`handle({ sessions: activeSessions, res })`, `{ sessions }` shorthand). Undefined for any other binding.
 */
function passedForBinding(values: ValueAnalysis, decl: ts.Node): ts.Expression[] | undefined {
  if (!ts.isBindingElement(decl) || !ts.isObjectBindingPattern(decl.parent) || !ts.isParameter(decl.parent.parent)) return undefined;
  const param = decl.parent.parent;
  const fn = param.parent;
  const member = propertyNameText(decl.propertyName) ?? (ts.isIdentifier(decl.name) ? decl.name.text : undefined);
  if (!isFunctionLike(fn) || !member) return undefined;
  const index = fn.parameters.indexOf(param);
  const out: ts.Expression[] = [];
  for (const call of values.calls.callsOf(fn)) {
    const arg = call.arguments[index];
    const inner = arg && !ts.isSpreadElement(arg) ? unwrap(arg) : undefined;
    if (!inner || !ts.isObjectLiteralExpression(inner)) continue;
    for (const prop of inner.properties) {
      if (!(ts.isPropertyAssignment(prop) || ts.isShorthandPropertyAssignment(prop)) || propertyNameText(prop.name) !== member) continue;
      out.push(ts.isPropertyAssignment(prop) ? prop.initializer : prop.name);
    }
  }
  return out;
}
