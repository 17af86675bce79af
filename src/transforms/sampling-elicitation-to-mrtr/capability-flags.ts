/**
 * A handler's own test of the client capability its request needs (`const clientSupportsRoots =
 * clientCapabilities.roots !== undefined;`, the capabilities read from the request's envelope, or the
 * initialize-era `getClientCapabilities()`), read after the request. Once the request is an input
 * request, code after the round only runs when the client answered it, and the SDK delivers an
 * embedded request only to a client that declared its capability (on 2026-07-28 the envelope's, else
 * -32021; toward a 2025-era connection the legacy shim gates on the initialize-declared ones), so the
 * flag is `true` there: its reads after the round become `true` (`flag && x` becomes `x`), and the
 * declarations go when nothing else reads them. Kept, the flag would be state held across the round.
 */
import { ts } from '../../typescript.js';
import { calleeParts, isInside, unwrap } from '../../analysis/ast.js';
import type { Analysis } from '../../analysis/model.js';
import { CLIENT_CAPABILITY_OF, envelopeKeysOf, serverMethodsOf, type FeatureId } from '../../analysis/sdk-features.js';
import type { TextEdit } from '../kit/edits.js';
import { importRemoval, linesOf } from './message-inline.js';

/** The client capability each request needs (a key of ClientCapabilities). */
const CAPABILITY: Partial<Readonly<Record<FeatureId, string>>> = CLIENT_CAPABILITY_OF;
/** How a handler reads the client's capabilities: the server method (`getClientCapabilities()`) or the envelope's key (`CLIENT_CAPABILITIES_META_KEY`). */
const CAPABILITIES_READS = serverMethodsOf('client-capabilities');
const CAPABILITIES_KEYS = envelopeKeysOf('client-capabilities');

export interface CapabilityFlags {
  /** The flags' symbols: not state held across the round. */
  symbols: Set<ts.Symbol>;
  edits: TextEdit[];
}

/** The flags among `before`'s declarations testing `feature`'s capability, and the edits retiring them. */
export function capabilityFlags(analysis: Analysis, fn: ts.FunctionLikeDeclaration, feature: FeatureId, before: readonly ts.Statement[], after: readonly ts.Statement[]): CapabilityFlags {
  const out: CapabilityFlags = { symbols: new Set(), edits: [] };
  const capability = CAPABILITY[feature];
  if (!capability) return out;
  const sf = fn.getSourceFile();
  const removed: ts.Statement[] = [];
  for (const statement of before) {
    const decl = singleConst(statement);
    if (!decl || !tests(analysis, before, decl.initializer!, capability)) continue;
    const symbol = analysis.values.symbolOf(decl.name);
    if (!symbol) continue;
    const uses = identifiersOf(analysis, fn, symbol).filter((id) => id !== decl.name);
    // Read before the round too (where it can still be false): left as it is.
    if (uses.some((id) => !after.some((s) => isInside(id, s)))) continue;
    out.symbols.add(symbol);
    for (const use of uses) out.edits.push(...asTrue(sf, use));
    removed.push(statement);
  }
  // A capabilities object only the removed flags read goes with them.
  for (const statement of before) {
    const decl = singleConst(statement);
    if (!decl || removed.includes(statement) || !readsCapabilities(decl.initializer!)) continue;
    const symbol = analysis.values.symbolOf(decl.name);
    const uses = symbol ? identifiersOf(analysis, fn, symbol).filter((id) => id !== decl.name) : [];
    if (uses.length > 0 && uses.every((id) => removed.some((r) => isInside(id, r)))) removed.push(statement);
  }
  for (const statement of removed) out.edits.push({ file: sf.fileName, ...linesOf(sf, statement), text: '' });
  // The envelope read's imports (CLIENT_CAPABILITIES_META_KEY, ClientCapabilities) were added by the
  // handshake transform in the same run, so the final prune of imports the run made unused keeps them.
  out.edits.push(...importRemovals(sf, importsReadOnlyBy(analysis, sf, removed)));
  return out;
}

/** Removes `names` from the named imports of `sf`: several from one import in one edit (separate edits would overlap at their commas). */
function importRemovals(sf: ts.SourceFile, names: readonly string[]): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const statement of sf.statements) {
    const bindings = ts.isImportDeclaration(statement) && !statement.importClause?.name ? statement.importClause?.namedBindings : undefined;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const gone = bindings.elements.filter((e) => names.includes(e.name.text));
    if (gone.length === 1) edits.push(...importRemoval(sf, gone[0]!.name.text));
    else if (gone.length > 1 && gone.length === bindings.elements.length) edits.push({ file: sf.fileName, ...linesOf(sf, statement), text: '' });
    else if (gone.length > 1) {
      const kept = bindings.elements.filter((e) => !gone.includes(e)).map((e) => e.getText(sf));
      edits.push({ file: sf.fileName, start: bindings.elements[0]!.getStart(sf), end: bindings.elements[bindings.elements.length - 1]!.end, text: kept.join(', ') });
    }
  }
  return edits;
}

/** The names imported into `sf` that nothing but `statements` reads. */
function importsReadOnlyBy(analysis: Analysis, sf: ts.SourceFile, statements: readonly ts.Statement[]): string[] {
  const imported = new Set<string>();
  for (const statement of sf.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) imported.add(e.name.text);
  }
  const candidates = new Map<string, ts.Symbol | undefined>();
  for (const statement of statements) {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && imported.has(node.text)) candidates.set(node.text, analysis.values.symbolOf(node));
      ts.forEachChild(node, visit);
    };
    visit(statement);
  }
  const readElsewhere = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || statements.includes(node as ts.Statement)) return;
    if (ts.isIdentifier(node) && candidates.has(node.text) && analysis.values.symbolOf(node) === candidates.get(node.text)) readElsewhere.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...candidates.keys()].filter((n) => !readElsewhere.has(n));
}

function singleConst(statement: ts.Statement): (ts.VariableDeclaration & { name: ts.Identifier }) | undefined {
  if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const) || statement.declarationList.declarations.length !== 1) return undefined;
  const decl = statement.declarationList.declarations[0]!;
  return ts.isIdentifier(decl.name) && decl.initializer ? (decl as ts.VariableDeclaration & { name: ts.Identifier }) : undefined;
}

/** `caps.roots !== undefined`, `caps?.roots != null`, `!!caps.roots`, `Boolean(caps.roots)`, where `caps` reads the client's capabilities. */
function tests(analysis: Analysis, before: readonly ts.Statement[], expression: ts.Expression, capability: string): boolean {
  let node = unwrap(expression);
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(node.operatorToken.kind)) {
    const other = unwrap(node.right);
    const nullish = (ts.isIdentifier(other) && other.text === 'undefined') || other.kind === ts.SyntaxKind.NullKeyword;
    if (!nullish || (node.operatorToken.kind === ts.SyntaxKind.ExclamationEqualsEqualsToken && other.kind === ts.SyntaxKind.NullKeyword)) return false;
    node = unwrap(node.left);
  } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken && ts.isPrefixUnaryExpression(unwrap(node.operand)) && (unwrap(node.operand) as ts.PrefixUnaryExpression).operator === ts.SyntaxKind.ExclamationToken) {
    node = unwrap((unwrap(node.operand) as ts.PrefixUnaryExpression).operand);
  } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Boolean' && node.arguments.length === 1) {
    node = unwrap(node.arguments[0]!);
  } else {
    return false;
  }
  if (!ts.isPropertyAccessExpression(node) || node.name.text !== capability) return false;
  const object = unwrap(node.expression);
  if (readsCapabilities(object)) return true;
  if (!ts.isIdentifier(object)) return false;
  const decl = analysis.values.symbolOf(object)?.valueDeclaration;
  return !!decl && before.some((s) => singleConst(s) === decl) && readsCapabilities((decl as ts.VariableDeclaration).initializer!);
}

/** The expression reads the client's capabilities: `getClientCapabilities()`, or the envelope's `CLIENT_CAPABILITIES_META_KEY`. */
function readsCapabilities(expression: ts.Node): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && CAPABILITIES_READS.has(calleeParts(node).name ?? '')) found = true;
    else if (ts.isIdentifier(node) && CAPABILITIES_KEYS.has(node.text)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(expression);
  return found;
}

function identifiersOf(analysis: Analysis, root: ts.Node, symbol: ts.Symbol): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === symbol.name && analysis.values.symbolOf(node) === symbol) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

/**
 * The flag read as `true`: `flag && x` loses `flag && ` (and the parentheses of `x` when it is the
 * whole condition of an `if`); any other read is replaced by `true`. Edits stay off `x`, which other
 * edits of the rewrite may touch.
 */
function asTrue(sf: ts.SourceFile, use: ts.Identifier): TextEdit[] {
  const parent = use.parent;
  if (ts.isShorthandPropertyAssignment(parent)) return [{ file: sf.fileName, start: use.getStart(sf), end: use.end, text: `${use.text}: true` }];
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && parent.left === use) {
    const right = parent.right;
    const edits: TextEdit[] = [{ file: sf.fileName, start: use.getStart(sf), end: right.getStart(sf), text: '' }];
    if (ts.isParenthesizedExpression(right) && ts.isIfStatement(parent.parent) && parent.parent.expression === parent) {
      edits[0]!.end = right.expression.getStart(sf);
      edits.push({ file: sf.fileName, start: right.expression.end, end: right.end, text: '' });
    }
    return edits;
  }
  return [{ file: sf.fileName, start: use.getStart(sf), end: use.end, text: 'true' }];
}
