/**
 * Registrations hung on `oninitialized` (the everything server: `server.server.oninitialized = async () =>
 * { registerConditionalTools(server); … }`). A 2026-07-28 client sends no `initialize`, so the hook never
 * fires for it and those tools never exist for it. PR 4551's maintainers registered them unconditionally
 * when the server is built; this does the same: the leading registration statements of the hook move out
 * of it, to just above the statement installing it, in the function building the server.
 *
 * Only when that is provably the same registration, one step earlier: a statement moves when it is a
 * registration (`server.registerTool(…)`, `registerX(server)`), names nothing the hook declares nor
 * anything declared after the hook is installed, and nothing it runs while registering (following every
 * project function it calls, not the handlers it registers, which run per request as before) reads what
 * the handshake sets: a capability or client-info read this transform does not remove (an ungated
 * capability gate removes its reads), the SDK's private handshake fields, the server's transport, a
 * promise only the hook resolves, or a function outside the project handed the server. Only a leading run
 * of such statements moves (what precedes a registration in the hook may be what it needs). A hook left
 * empty goes; what stays keeps its marker.
 */
import { ts } from '../../typescript.js';
import { calleeParts, isFunctionLike, isInside, unwrap } from '../../analysis/ast.js';
import { privateHandshakeField } from '../../analysis/handshake-plumbing.js';
import { waitsForInitialized } from '../../analysis/initialized-waits.js';
import type { Analysis } from '../../analysis/model.js';
import { isServerKind } from '../../analysis/value.js';
import type { TextEdit } from '../kit/edits.js';
import { directHandler } from '../kit/handler-sites.js';
import { indentAt, lineStart } from '../kit/source-style.js';
import { registers } from './gate-into-handlers.js';
import { CONNECTED_TRANSPORT_PROPERTY } from '../../analysis/sdk-modules.js';

export interface HoistHelpers {
  /** A `getClientCapabilities()`-style read (capabilities, client info, protocol version). */
  isHandshakeRead(call: ts.CallExpression): boolean;
  /** The reads this transform removes (their gate is gone, or they were unread). */
  removed: ReadonlySet<ts.CallExpression>;
  /** Gates this transform makes unconditional by deleting the `if` and the `const`s feeding it, with those edits. */
  simpleGates: ReadonlyMap<ts.IfStatement, readonly TextEdit[]>;
}

export interface Hoisted {
  edits: TextEdit[];
  /** Edits of gates in the hook that the move replaces (the gate's registrations move out whole). */
  absorbed: readonly TextEdit[];
  /** Nothing is left in the hook: the whole assignment went. */
  emptied: boolean;
}

const COMMENT = '// Registered when the server is built: a 2026-07-28 client sends no initialize, so oninitialized never fires for it.';

/**
 * The edits moving the hook's leading registrations out of `assignment` (`x.oninitialized = () => { … }`);
 * undefined when none can move. A capability gate among them that this transform makes unconditional
 * (`const caps = …getClientCapabilities(); if (caps.x) { registrations }`) moves as its registrations,
 * its `const`s deleted, in the same run, so a second run finds nothing left to move.
 */
export function hoistHookRegistrations(analysis: Analysis, assignment: ts.BinaryExpression, helpers: HoistHelpers): Hoisted | undefined {
  const statement = assignment.parent;
  const hook = unwrap(assignment.right);
  if (!ts.isExpressionStatement(statement) || !statement.parent || !ts.isBlock(statement.parent) || !(ts.isArrowFunction(hook) || ts.isFunctionExpression(hook)) || !hook.body || !ts.isBlock(hook.body)) return undefined;
  const sf = statement.getSourceFile();
  const text = sf.text;
  const body = hook.body;
  const gateEdits = (s: ts.Statement): readonly TextEdit[] => (ts.isIfStatement(s) && helpers.simpleGates.get(s)) || [];
  // The deletions of the hook's ungated gates, to tell which of its `const`s they delete.
  const deletions = body.statements.flatMap(gateEdits).filter((e) => e.text === '');
  const deleted = (s: ts.Statement) => ts.isVariableStatement(s) && deletions.some((e) => e.start <= s.getStart(sf) && s.end <= e.end);
  const moved: ts.Statement[] = [];
  const prefix: ts.Statement[] = [];
  for (const candidate of body.statements) {
    if (deleted(candidate)) {
      prefix.push(candidate);
      continue;
    }
    const registrations = ts.isIfStatement(candidate) && helpers.simpleGates.has(candidate) ? [...(candidate.thenStatement as ts.Block).statements] : [candidate];
    if (!registrations.every((r) => movable(analysis, r, hook, statement, helpers))) break;
    prefix.push(candidate);
    moved.push(...registrations);
  }
  // A `const` the move deletes stays when the gate it feeds does not move.
  while (prefix.length && deleted(prefix[prefix.length - 1]!)) prefix.pop();
  if (moved.length === 0) return undefined;
  const first = prefix[0]!;
  const last = prefix[prefix.length - 1]!;
  const from = lineStart(text, (ts.getLeadingCommentRanges(text, first.getFullStart()) ?? [])[0]?.pos ?? first.getStart(sf));
  // The edits of a moved gate inside what leaves the hook give way to the move; one outside it (a `const`
  // of the installing function feeding the gate) stays. Nothing left behind may be deleted by a gate that stays.
  const absorbed = prefix.flatMap(gateEdits).filter((e) => e.start >= from && e.start <= last.end);
  if (deletions.some((e) => !absorbed.includes(e) && e.start >= from && e.start <= last.end)) return undefined;

  const outer = indentAt(text, statement.getStart(sf));
  const hookComments = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [];
  const insertAt = lineStart(text, hookComments.length ? hookComments[0]!.pos : statement.getStart(sf));
  const emptied = last === body.statements[body.statements.length - 1];
  const lines = [`${outer}${COMMENT}`];
  for (const s of moved) {
    const indent = indentAt(text, s.getStart(sf));
    // Sliced from the statement's start, so its first line has no indentation; the others keep theirs relative to it.
    text
      .slice(s.getStart(sf), s.end)
      .split('\n')
      .forEach((line, i) => lines.push(i === 0 ? `${outer}${line}` : line.startsWith(indent) ? `${outer}${line.slice(indent.length)}` : line));
  }
  const block = lines.join('\n');
  const edits: TextEdit[] = [];
  if (emptied) {
    // The hook held nothing else: it goes, with the comment above it; the registrations stand in its place.
    const after = /^[ \t]*\r?\n/.exec(text.slice(statement.end));
    edits.push({ file: sf.fileName, start: insertAt, end: statement.end + (after ? after[0].length : 0), text: `${block}\n` });
    return { edits, absorbed, emptied };
  }
  edits.push({ file: sf.fileName, start: insertAt, end: insertAt, text: `${block}\n\n` });
  // Out of the hook go the statements, the comments above them and the blank line after the last.
  const after = /^[ \t]*\r?\n(?:[ \t]*\r?\n)?/.exec(text.slice(last.end));
  edits.push({ file: sf.fileName, start: from, end: last.end + (after ? after[0].length : 0), text: '' });
  return { edits, absorbed, emptied };
}

function movable(analysis: Analysis, statement: ts.Statement, hook: ts.FunctionLikeDeclaration, installing: ts.Statement, helpers: HoistHelpers): boolean {
  if (!registers(analysis, statement) || spansLines(statement)) return false;
  // Every name it uses exists, with its value, where the hook is installed: nothing the hook declares
  // (its own declarations, property names, the handlers' parameters are inside the statement), nothing the
  // installing function declares after it (a function declaration is hoisted).
  let scope: ts.Node = installing.parent;
  while (!ts.isSourceFile(scope) && !isFunctionLike(scope)) scope = scope.parent;
  let scoped = true;
  const names = (node: ts.Node): void => {
    if (!scoped) return;
    if (ts.isIdentifier(node)) {
      const decl = analysis.values.symbolOf(node)?.valueDeclaration;
      if (decl && decl.getSourceFile() === statement.getSourceFile() && !isInside(decl, statement)) {
        if (isInside(decl, hook) || (isInside(decl, scope) && decl.pos >= installing.pos && !ts.isFunctionDeclaration(decl))) scoped = false;
      }
    }
    ts.forEachChild(node, names);
  };
  names(statement);
  return scoped && handshakeFree(analysis, statement, helpers);
}

/** Nothing `root` runs while registering reads what the handshake sets (see the file comment). */
function handshakeFree(analysis: Analysis, root: ts.Node, helpers: HoistHelpers): boolean {
  const visited = new Set<ts.Node>();
  let free = true;
  const visit = (node: ts.Node): void => {
    if (!free) return;
    // A handler runs per request, as it did before: not part of registering.
    if (isFunctionLike(node) && node.body && directHandler(analysis, node.body)) return;
    if (ts.isCallExpression(node)) {
      if (helpers.isHandshakeRead(node) && !helpers.removed.has(node)) {
        free = false;
        return;
      }
      const target = analysis.values.calls.functionOfCall(node);
      if (target?.body) {
        if (!visited.has(target)) {
          visited.add(target);
          visit(target.body);
        }
      } else if (!target && !calleeParts(node).receiver && node.arguments.some((a) => isServerKind(analysis.values.valueOf(a)))) {
        // `registerX(server)` from outside the project: what it does with the server is not known here.
        free = false;
        return;
      }
    }
    if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && privateHandshakeField(analysis.values, node)) free = false;
    else if (ts.isPropertyAccessExpression(node) && node.name.text === CONNECTED_TRANSPORT_PROPERTY && isServerKind(analysis.values.valueOf(node.expression))) free = false;
    else if (ts.isAwaitExpression(node) && waitsForInitialized(analysis.values, node.expression)) free = false;
    if (free) ts.forEachChild(node, visit);
  };
  visit(root);
  return free;
}

/** A template literal over several lines: its lines are text, which re-indenting the statement would change. */
function spansLines(statement: ts.Statement): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if ((ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) && node.getText().includes('\n')) found = true;
    else if (!found) ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}


