/**
 * The request listener's branches that route on the session (session-registry.ts): each hands the request to a
 * transport picked from the registry or opened with the helper, and the statements that picked it (the header
 * read, the lookups, the 404/400 answers) are what the stateless entry makes unnecessary. A branch whose
 * routing does more than that is a reason not to rewrite.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isInside, stringValue, unwrap, statementOf } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { SESSION_HEADER } from '../../analysis/http-requests.js';
import { INITIALIZE_REQUEST_GUARD } from '../../analysis/sdk-modules.js';
import { customLogic, PLUMBING_GLOBALS } from './custom-logic.js';
import type { ServingSite } from './serving-site-view.js';
import { identifiers, placeOf } from './syntax-queries.js';

/** One listener branch that handed the request to a transport picked from the registry. */
export interface DispatchSite {
  /** `transport.handleRequest(…)`. */
  call: ts.CallExpression;
  receiver: ts.Identifier;
  /** The statements that picked the transport (header read, registry lookups, error answers). */
  routing: ts.Statement[];
  block: ts.Block;
  listener: ts.FunctionLikeDeclaration;
  /** Whether this branch opens sessions (calls the helper): the POST branch. */
  opens: boolean;
}

/**
 * The branch around `call` when its receiver is a local the statements before it pick from the registry or
 * open with the helper: those statements (and every statement using what they declare) are the routing.
 */
export function dispatchSite(site: ServingSite, call: ts.CallExpression, isRegistry: (id: ts.Identifier) => boolean, isHelper: (id: ts.Identifier) => boolean): DispatchSite | string | undefined {
  const values = site.result.analysis.values;
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(unwrap(callee.expression))) return undefined;
  const receiver = unwrap(callee.expression) as ts.Identifier;
  const callStatement = statementOf(call);
  const block = callStatement.parent;
  if (!block || !ts.isBlock(block)) return undefined;
  const receiverDecl = values.symbolOf(receiver)?.valueDeclaration;
  const statements = block.statements.filter((s) => s !== callStatement);
  const receiverStatement = receiverDecl && statements.find((s) => isInside(receiverDecl, s) && ts.isVariableStatement(s));
  if (!receiverStatement) return undefined;

  const touchesSessions = (s: ts.Node) => {
    let found = false;
    forEachDescendant(s, (n) => {
      if (found) return;
      if (ts.isIdentifier(n) && (isRegistry(n) || isHelper(n))) found = true;
      else if (readsSessionHeader(n)) found = true;
      else if (ts.isIdentifier(n) && site.result.analysis.sdk.exportOf(n)?.name === INITIALIZE_REQUEST_GUARD) found = true;
    });
    return found;
  };
  const routing = new Set<ts.Statement>(statements.filter((s) => s === receiverStatement || touchesSessions(s)));
  // What the routing declares (`sessionId`, `entry`, `transport`) is routing wherever it is used.
  for (let grew = true; grew; ) {
    grew = false;
    const declared = new Set([...routing].flatMap((s) => declaredSymbols(values, s)));
    for (const s of statements) {
      if (routing.has(s) || !usesSymbol(values, s, declared)) continue;
      routing.add(s);
      grew = true;
    }
  }
  const ordered = statements.filter((s) => routing.has(s));
  if (!ordered.some((s) => refersTo(s, (id) => isRegistry(id) || isHelper(id)))) return undefined;
  const listener = enclosingFunction(block);
  if (!listener) return undefined;
  const declared = new Set(ordered.flatMap((s) => declaredSymbols(values, s)));
  // The transport call itself may read nothing of the routing but the transport.
  for (const ref of identifiers(callStatement)) {
    const symbol = values.symbolOf(ref);
    if (symbol && declared.has(symbol) && ref !== receiver) return `the transport call ${placeOf(call)} reads \`${ref.text}\` from the session routing.`;
  }
  const params = new Set(listener.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
  const allowed = new Set([...PLUMBING_GLOBALS, ...site.sdkNames, ...params]);
  for (const statement of ordered) {
    const issue = customLogic(site, statement, allowed, declared, 'the session routing', (id) => isRegistry(id) || isHelper(id), listener);
    if (issue) return issue;
  }
  const opens = ordered.some((s) => refersTo(s, isHelper));
  return { call, receiver, routing: ordered, block, listener, opens };
}

/** `x['mcp-session-id']`, `headers.get('mcp-session-id')`, `{ 'mcp-session-id': sid } = …`: a read of the session header. */
function readsSessionHeader(node: ts.Node): boolean {
  if (ts.isElementAccessExpression(node)) return stringValue(node.argumentExpression)?.toLowerCase() === SESSION_HEADER;
  if (ts.isCallExpression(node) && ['get', 'getHeader', 'header'].includes(calleeParts(node).name ?? '') && node.arguments[0]) return stringValue(node.arguments[0])?.toLowerCase() === SESSION_HEADER;
  if (ts.isBindingElement(node) && node.propertyName) return stringValue(node.propertyName as ts.Node)?.toLowerCase() === SESSION_HEADER;
  return false;
}

function refersTo(root: ts.Node, test: (id: ts.Identifier) => boolean): boolean {
  return identifiers(root).some(test);
}

/** Symbols a statement declares at its own level (`const a = …`, `let b;`). */
function declaredSymbols(values: AnalysisResult['analysis']['values'], statement: ts.Statement): ts.Symbol[] {
  if (!ts.isVariableStatement(statement)) return [];
  return statement.declarationList.declarations.flatMap((d) => {
    const symbol = ts.isIdentifier(d.name) ? values.symbolOf(d.name) : undefined;
    return symbol ? [symbol] : [];
  });
}

function usesSymbol(values: AnalysisResult['analysis']['values'], root: ts.Node, symbols: ReadonlySet<ts.Symbol>): boolean {
  return identifiers(root).some((id) => {
    const symbol = values.symbolOf(id);
    return !!symbol && symbols.has(symbol) && !(ts.isVariableDeclaration(id.parent) && id.parent.name === id);
  });
}
