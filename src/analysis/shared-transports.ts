/**
 * One stateless transport created once and handed every request by a route: SDK 1.x serves one request per stateless
 * transport (current releases throw on the second), so the rule reports it and the serving transform's marker says it.
 */
import { ts } from '../typescript.js';
import { isInside } from './ast.js';
import type { ValueAnalysis } from './values.js';
import { routesOf, type Route } from './routes.js';
import { TRANSPORT_MEMBERS } from './sdk-modules.js';

/**
 * The route whose handler hands requests to a stateless transport created outside it (`const transport = new …({
 * sessionIdGenerator: undefined })` at module level or in a start-up function, `transport.handleRequest(…)` in the
 * route): one transport for every request. Undefined for the v1 idiom (a transport per request, in the handler).
 */
export function sharingRoute(values: ValueAnalysis, created: ts.NewExpression): Route | undefined {
  const holder = heldAs(values, created);
  const declaration = holder.parent;
  if (!declaration || !ts.isVariableDeclaration(declaration) || declaration.initializer !== holder || !ts.isIdentifier(declaration.name)) return undefined;
  const symbol = values.symbolOf(declaration.name);
  if (!symbol) return undefined;
  const sf = created.getSourceFile();
  const holders = variablesHolding(values, sf, symbol);
  let routes: Route[] | undefined;
  let found: Route | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === TRANSPORT_MEMBERS.requestMethod && ts.isIdentifier(node.expression.expression) && holders.has(values.symbolOf(node.expression.expression)!)) {
      routes ??= routesOf(sf, values);
      found = routes.find((route) => route.handlers.some((handler) => isInside(node, handler) && !isInside(declaration, handler)));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * The variables of `sf` that hold what `symbol` holds: it, and variables initialised from one of them as `heldAs`
 * follows (`const base = options.transport ?? new …; const transport = wrap(base)`: vibe-check, sweep 10 recheck N1).
 */
function variablesHolding(values: ValueAnalysis, sf: ts.SourceFile, symbol: ts.Symbol): Set<ts.Symbol> {
  const holders = new Set([symbol]);
  let frontier = new Set([symbol]);
  for (let round = 0; round < 3 && frontier.size > 0; round++) {
    const next = new Set<ts.Symbol>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !ts.isVariableDeclaration(node.parent)) {
        const found = values.symbolOf(node);
        const holder = found && frontier.has(found) ? heldAs(values, node) : undefined;
        const declaration = holder?.parent;
        if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer === holder && ts.isIdentifier(declaration.name)) {
          const alias = values.symbolOf(declaration.name);
          if (alias && !holders.has(alias)) {
            holders.add(alias);
            next.add(alias);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    frontier = next;
  }
  return holders;
}

/**
 * The expression a variable holds `created` as: through parentheses, casts and `await`, a fallback
 * (`options.transport ?? new …`), a conditional's branch, and a call whose value is still the transport (a wrapper
 * returning what it is given: vibe-check's `createRequestScopedTransport(…)`, sweep 10 H6).
 */
function heldAs(values: ValueAnalysis, created: ts.Expression): ts.Node {
  let holder: ts.Node = created;
  for (let depth = 0; depth < 6; depth++) {
    const parent = holder.parent;
    if (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isAwaitExpression(parent) || ts.isNonNullExpression(parent)) holder = parent;
    else if (ts.isBinaryExpression(parent) && (parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || parent.operatorToken.kind === ts.SyntaxKind.BarBarToken)) holder = parent;
    else if (ts.isConditionalExpression(parent) && parent.condition !== holder) holder = parent;
    else if (ts.isCallExpression(parent) && parent.arguments.includes(holder as ts.Expression) && values.valueOf(parent)?.kind === 'transport') holder = parent;
    else break;
  }
  return holder;
}
