/**
 * `Mcp-Session-Id` named in a CORS header list (`res.setHeader('Access-Control-Allow-Headers', 'Content-Type,
 * Mcp-Session-Id')`, `exposedHeaders: ['Mcp-Session-Id', 'WWW-Authenticate']`) of a project that already serves
 * statelessly: nothing in it mints the header (every Streamable HTTP transport is `sessionIdGenerator: undefined`,
 * or the serving entry is `createMcpHandler`, which never mints one, for 2025-era clients either), so no client
 * sends it back. The header leaves the list; the rest of the list stays as written. A list naming nothing else,
 * and any project that still mints session ids, is left to the serving rewrite and its markers.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, propertyNameText, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { HTTP_HANDLER_FUNCTION, STREAMABLE_HTTP_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { SESSION_HEADER } from '../../analysis/http-requests.js';
import type { TransformPlan } from '../kit/plan.js';
import { mintsNoSession } from '../../analysis/constructor-options.js';

/** Removes `Mcp-Session-Id` from the CORS header lists of a project that mints no session id. */
export function planCorsSessionHeader(result: AnalysisResult, plan: TransformPlan): void {
  if (!servesStatelessOnly(result)) return;
  for (const sf of result.sourceFiles) {
    if (!sf.text.toLowerCase().includes(SESSION_HEADER)) continue;
    const edited: string[] = [];
    forEachDescendant(sf, (node) => {
      if (!ts.isStringLiteralLike(node) || node.text.toLowerCase() === node.text.toLowerCase().replace(SESSION_HEADER, '')) return;
      const edit = corsListEdit(result, node);
      if (!edit) return;
      plan.edits.push({ file: sf.fileName, ...edit });
      edited.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
    });
    if (edited.length > 0) {
      plan.notes!.push(`serving: ${result.relative(sf.fileName)}:${edited.join(',')} — Mcp-Session-Id dropped from the CORS header list${edited.length > 1 ? 's' : ''}: the project serves statelessly, so nothing mints the header and no client sends it`);
    }
  }
}

/**
 * Whether the project serves Streamable HTTP and mints no session id anywhere: no SDK Streamable HTTP transport
 * with a session id generator, and at least one stateless serving entry (`createMcpHandler` or a transport with
 * `sessionIdGenerator: undefined`).
 */
export function servesStatelessOnly(result: AnalysisResult): boolean {
  const { sdk } = result.analysis;
  let stateless = false;
  let sessionful = false;
  for (const sf of result.sourceFiles) {
    if (sessionful) break;
    if (!/Streamable|createMcpHandler/.test(sf.text)) continue;
    forEachDescendant(sf, (node) => {
      if (ts.isNewExpression(node) && STREAMABLE_HTTP_TRANSPORTS.has(sdk.exportOf(node.expression)?.name ?? '')) {
        if (mintsNoSession(node)) stateless = true;
        else sessionful = true;
      }
      if (ts.isCallExpression(node) && sdk.exportOf(unwrap(node.expression))?.name === HTTP_HANDLER_FUNCTION) stateless = true;
    });
  }
  return stateless && !sessionful;
}

/**
 * Whether `literal` is (an element of) a CORS header list: a `…headers` option (`allowedHeaders: [...]`,
 * `exposeHeaders: 'a, b'`), or the value of an `Access-Control-Allow-Headers`/`-Expose-Headers` header write
 * (`res.setHeader(name, list)`, `res.header(name, list)`).
 */
export function isCorsHeaderList(result: AnalysisResult, literal: ts.StringLiteralLike): boolean {
  const holder = ts.isArrayLiteralExpression(literal.parent) ? literal.parent : literal;
  const parent = holder.parent;
  if (parent && ts.isPropertyAssignment(parent) && parent.initializer === holder && /headers$/i.test(propertyNameText(parent.name) ?? '')) return true;
  const headerName = parent && ts.isCallExpression(parent) && parent.arguments[1] === holder ? result.analysis.values.constantString(parent.arguments[0]!) : undefined;
  return !!headerName && /^access-control-(allow|expose)-headers$/i.test(headerName);
}

/**
 * The edit taking `Mcp-Session-Id` out of `literal` when it is a CORS header list: the second argument of a call
 * whose first is an `Access-Control-*` header name, or a `…headers` option (a string, or an element of an array).
 * Undefined when the list would be left empty (nothing else to keep: the serving rewrite's marker says what to do).
 */
export function corsListEdit(result: AnalysisResult, literal: ts.StringLiteralLike): { start: number; end: number; text: string } | undefined {
  const sf = literal.getSourceFile();
  const inArray = ts.isArrayLiteralExpression(literal.parent) ? literal.parent : undefined;
  if (!isCorsHeaderList(result, literal)) return undefined;

  const names = literal.text.split(',');
  const kept = names.filter((n) => n.trim().toLowerCase() !== SESSION_HEADER);
  if (kept.length === names.length) return undefined;
  if (kept.length > 0) {
    // `a, Mcp-Session-Id, b` → `a, b`: the list keeps its own separator (the spacing after each comma).
    const separator = /,(\s*)/.exec(literal.text)?.[1] ?? ' ';
    const text = kept.map((n) => n.trim()).join(`,${separator}`);
    return { start: literal.getStart(sf) + 1, end: literal.end - 1, text };
  }
  if (!inArray || inArray.elements.length < 2) return undefined;
  // The element goes with the comma after it (or, when it is the last, the comma before it).
  const index = inArray.elements.indexOf(literal);
  const next = inArray.elements[index + 1];
  if (next) return { start: literal.getStart(sf), end: next.getStart(sf), text: '' };
  const previous = inArray.elements[index - 1]!;
  return { start: previous.end, end: literal.end, text: '' };
}
