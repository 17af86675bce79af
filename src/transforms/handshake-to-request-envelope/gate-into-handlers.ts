/**
 * A registration gated on the client's capabilities whose flag the registered handlers read too (the
 * everything server's roots tool: `if (clientSupportsRoots) server.registerTool(…, async (args, ctx) =>
 * { … clientSupportsRoots … })`). 2026-07-28 has no handshake to learn the capabilities from before a
 * request, so, as PR 4551's maintainers did:
 * - the registration becomes unconditional (the `if` goes, its body is dedented);
 * - the `const`s that fed the condition leave the registering function, and each handler that reads
 *   them declares them first thing, reading the request's own envelope with the handshake read as the
 *   2025-era fallback.
 * SDK v2 files only (SDK 1.x has no per-request envelope). Undefined, and a marker stays, when the gate
 * does anything else: an `else`, statements other than registrations, a flag read outside the
 * handlers it registers, a `const` that is not a pure capability read, text laid out unlike a block.
 */
import { ts } from '../../typescript.js';
import { calleeParts, unwrap } from '../../analysis/ast.js';
import type { Analysis } from '../../analysis/model.js';
import { REGISTRATION_METHODS } from '../../analysis/sdk-features.js';
import { sdkEntryPackage } from '../../analysis/sdk-modules.js';
import { isServerKind } from '../../analysis/value.js';
import type { TextEdit } from '../kit/edits.js';
import { CannotRewrite, contextParameter, directHandler, importEdits, type HandlerSite } from '../kit/handler-sites.js';
import type { TransformOptions } from '../kit/plan.js';
import { flavourOf, indentUnit, lineStart } from '../kit/source-style.js';
import { envelopeFallbackText, needsParentheses, onSdkV1, type EnvelopeKey } from './envelope-read.js';

export interface GateHelpers {
  /** The handshake read (`getClientCapabilities()`) and the envelope key replacing it, if `call` is one. */
  readOf(call: ts.CallExpression): EnvelopeKey | undefined;
  /** Capability reads and arithmetic over them, nothing with an effect. */
  pureRead(node: ts.Node): boolean;
}

/** Every statement of `block` registers on a server: `server.registerTool(…)` or `registerX(server)`. */
export function registersOnly(analysis: Analysis, block: ts.Block): boolean {
  return block.statements.every((s) => registers(analysis, s));
}

/** `statement` registers on a server: `server.registerTool(…)` or `registerX(server)`. */
export function registers(analysis: Analysis, statement: ts.Statement): boolean {
  if (!ts.isExpressionStatement(statement)) return false;
  const call = unwrap(statement.expression);
  if (!ts.isCallExpression(call)) return false;
  const { name, receiver } = calleeParts(call);
  if (name && REGISTRATION_METHODS.has(name) && receiver && isServerKind(analysis.values.valueOf(receiver))) return true;
  // `registerSomething(server)`: a registration helper handed the server.
  return !receiver && call.arguments.some((a) => isServerKind(analysis.values.valueOf(a)));
}

type ChainConst = { statement: ts.VariableStatement; decl: ts.VariableDeclaration & { name: ts.Identifier; initializer: ts.Expression }; symbol: ts.Symbol };

export function ungateIntoHandlers(analysis: Analysis, gate: ts.IfStatement, options: TransformOptions, helpers: GateHelpers): { edits: TextEdit[]; removedCalls: ts.CallExpression[] } | undefined {
  const sf = gate.getSourceFile();
  if (onSdkV1(sf, options)) return undefined;
  const then = gate.thenStatement;
  if (gate.elseStatement || !ts.isBlock(then) || then.statements.length === 0 || !ts.isBlock(gate.parent) || !registersOnly(analysis, then)) return undefined;
  const block = gate.parent;
  const symbolOf = (node: ts.Node) => analysis.values.symbolOf(node);

  // The consts feeding the condition, transitively, all in the enclosing block and pure reads.
  const chain = new Map<ts.Symbol, ChainConst>();
  const follow = (expression: ts.Node): boolean => {
    let ok = true;
    const visit = (node: ts.Node): void => {
      if (!ok) return;
      if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
        const symbol = symbolOf(node);
        const decl = symbol?.valueDeclaration;
        if (symbol && decl && ts.isVariableDeclaration(decl) && decl.parent.parent.parent === block && !chain.has(symbol)) {
          const statement = decl.parent.parent as ts.VariableStatement;
          if (!ts.isIdentifier(decl.name) || !decl.initializer || !(statement.declarationList.flags & ts.NodeFlags.Const) || statement.declarationList.declarations.length !== 1 || !helpers.pureRead(decl.initializer)) {
            ok = false;
            return;
          }
          chain.set(symbol, { statement, decl: decl as ChainConst['decl'], symbol });
          if (!follow(decl.initializer)) ok = false;
        } else if (decl && !ts.isVariableDeclaration(decl) && decl.parent === block) ok = false;
      }
      ts.forEachChild(node, visit);
    };
    visit(expression);
    return ok;
  };
  if (!follow(gate.expression) || chain.size === 0) return undefined;

  // Every other reference to a chain const lies in a handler the gate registers.
  const chainStatements = new Set([...chain.values()].map((c) => c.statement));
  const handlers = new Map<ts.FunctionLikeDeclaration, { site: HandlerSite; needs: Set<ts.Symbol> }>();
  let outside = false;
  const scan = (node: ts.Node): void => {
    if (outside || node === gate.expression || chainStatements.has(node as ts.VariableStatement)) return;
    if (ts.isIdentifier(node)) {
      const symbol = symbolOf(node);
      if (symbol && chain.has(symbol) && chain.get(symbol)!.decl.name !== node) {
        const site = directHandler(analysis, node);
        if (!site || site.fn.pos < then.pos || site.fn.end > then.end || !innermostFunctionIs(node, site.fn)) {
          outside = true;
          return;
        }
        const entry = handlers.get(site.fn) ?? { site, needs: new Set<ts.Symbol>() };
        entry.needs.add(symbol);
        handlers.set(site.fn, entry);
      }
    }
    ts.forEachChild(node, scan);
  };
  scan(block);
  if (outside) return undefined;

  const text = sf.text;
  const unit = indentUnit(text);
  const edits: TextEdit[] = [];
  const removedCalls: ts.CallExpression[] = [];
  const keys = new Map<string, EnvelopeKey>();
  /** Ranges whose lines are not dedented (replaced expression bodies, template literals). */
  const keep: Array<[number, number]> = [];
  forEachTemplate(then, (node) => keep.push([node.getStart(sf), node.end]));

  // The consts each handler needs, with what they depend on, in source order.
  const ordered = [...chain.values()].sort((a, b) => a.statement.pos - b.statement.pos);
  const dependsOn = (c: ChainConst): ts.Symbol[] => {
    const found: ts.Symbol[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const symbol = symbolOf(node);
        if (symbol && chain.has(symbol)) found.push(symbol);
      }
      ts.forEachChild(node, visit);
    };
    visit(c.decl.initializer);
    return found;
  };
  for (const { site, needs } of handlers.values()) {
    const fn = site.fn;
    const closure = new Set<ts.Symbol>();
    const add = (symbol: ts.Symbol): void => {
      if (closure.has(symbol)) return;
      closure.add(symbol);
      for (const dep of dependsOn(chain.get(symbol)!)) add(dep);
    };
    for (const symbol of needs) add(symbol);
    const wanted = ordered.filter((c) => closure.has(c.symbol));
    // A handler declaring one of those names itself would clash with the copy.
    if (!fn.body || wanted.some((c) => declaresAtTop(fn.body!, c.decl.name.text))) return undefined;
    let ctx: { name: string; edits: TextEdit[] };
    try {
      ctx = contextParameter(site, 'ctx');
    } catch (error) {
      if (error instanceof CannotRewrite) return undefined;
      throw error;
    }
    edits.push(...ctx.edits);
    const declarations = wanted.map((c) => {
      let out = '';
      let cursor = c.statement.getStart(sf);
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node)) {
          const info = helpers.readOf(node);
          if (info) {
            keys.set(info.key, info);
            removedCalls.push(node);
            out += text.slice(cursor, node.getStart(sf)) + envelopeFallbackText(sf, ctx.name, info, node.getText(sf), needsParentheses(node));
            cursor = node.end;
            return;
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(c.decl.initializer);
      out += text.slice(cursor, c.statement.end);
      const comments = (ts.getLeadingCommentRanges(text, c.statement.getFullStart()) ?? []).map((r) => text.slice(r.pos, r.end));
      return [...comments, out];
    });
    if (ts.isBlock(fn.body)) {
      const first = fn.body.statements[0];
      if (!first) return undefined;
      const inner = dedented(lineIndent(text, first.getStart(sf)), unit);
      edits.push({ file: sf.fileName, start: fn.body.getStart(sf) + 1, end: fn.body.getStart(sf) + 1, text: declarations.flat().map((line) => `\n${inner}${line}`).join('') });
    } else {
      const arrowLine = lineIndent(text, fn.body.getStart(sf));
      const outer = dedented(arrowLine, unit);
      const inner = outer + unit;
      const body = ts.isParenthesizedExpression(fn.body) ? fn.body.expression : fn.body;
      const statements = declarations.flat().map((line) => `${inner}${line}\n`).join('');
      edits.push({ file: sf.fileName, start: fn.body.getStart(sf), end: fn.body.end, text: `{\n${statements}${inner}return ${body.getText(sf)};\n${outer}}` });
      keep.push([fn.body.getStart(sf), fn.body.end]);
    }
  }

  // The consts leave the registering function, with the comments above them and one blank line after.
  for (const { statement } of chain.values()) {
    const leading = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [];
    const start = lineStart(text, leading.length ? leading[0]!.pos : statement.getStart(sf));
    const after = /^[ \t]*\r?\n(?:[ \t]*\r?\n)?/.exec(text.slice(statement.end));
    edits.push({ file: sf.fileName, start, end: statement.end + (after ? after[0].length : 0), text: '' });
  }

  // The `if (…) {` line (and its comment) and the closing `}` line go; the body moves out one level.
  const open = then.getStart(sf);
  const close = then.end - 1;
  const firstInner = then.statements[0]!.getStart(sf);
  if (!/^[ \t]*\r?\n/.test(text.slice(open + 1)) || text.slice(lineStart(text, close), close).trim() !== '' || !/^[ \t]*(\r?\n|$)/.test(text.slice(close + 1)) || lineStart(text, firstInner) <= open) return undefined;
  const gateComments = ts.getLeadingCommentRanges(text, gate.getFullStart()) ?? [];
  edits.push({ file: sf.fileName, start: lineStart(text, gateComments.length ? gateComments[0]!.pos : gate.getStart(sf)), end: lineStart(text, firstInner), text: '' });
  const closeEnd = text.indexOf('\n', close);
  edits.push({ file: sf.fileName, start: lineStart(text, close), end: closeEnd < 0 ? text.length : closeEnd + 1, text: '' });
  for (let at = lineStart(text, firstInner); at < lineStart(text, close); at = text.indexOf('\n', at) + 1) {
    if (keep.some(([s, e]) => at > s && at < e)) continue;
    if (text.startsWith(unit, at)) edits.push({ file: sf.fileName, start: at, end: at + unit.length, text: '' });
    if (text.indexOf('\n', at) < 0) break;
  }
  for (const info of keys.values()) edits.push(...importEdits(sf, [info.key], sdkEntryPackage(2), flavourOf(sf) === 'ts' ? [info.type] : []));
  return { edits, removedCalls };
}


function lineIndent(text: string, position: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, position)))![0];
}

function dedented(indent: string, unit: string): string {
  return indent.startsWith(unit) ? indent.slice(unit.length) : indent;
}

/** The nearest function around `node` is `fn` (the flag is read by the handler itself, not a callback it defines). */
function innermostFunctionIs(node: ts.Node, fn: ts.Node): boolean {
  let current = node.parent;
  while (current && !ts.isFunctionLike(current)) current = current.parent;
  return current === fn;
}

/** `body` declares `name` among its own statements (or it is one of the function's parameters, seen by the caller's scope). */
function declaresAtTop(body: ts.Node, name: string): boolean {
  if (!ts.isBlock(body)) return false;
  return body.statements.some((s) => ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) || (body.parent as ts.FunctionLikeDeclaration).parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name);
}

function forEachTemplate(root: ts.Node, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node): void => {
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) visit(node);
    else ts.forEachChild(node, walk);
  };
  walk(root);
}
