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
import { removalRange } from './text.js';

/**
 * The headers a 2026-07-28 client sends on every POST (`Mcp-Name` on tools/call, resources/read, prompts/get): a
 * browser client's preflight fails unless the CORS allow-list names them. `Mcp-Param-*` (SEP-2243) has no wildcard in
 * CORS: each mirrored argument's header is the project's own to list.
 */
const MODERN_REQUEST_HEADERS = ['Mcp-Method', 'Mcp-Name', 'MCP-Protocol-Version'] as const;

/**
 * Removes `Mcp-Session-Id` from the CORS header lists of a project that mints no session id; on 2026-07-28
 * (`modern`) an allow-list names the modern request headers in its place.
 */
export function planCorsSessionHeader(result: AnalysisResult, plan: TransformPlan, modern: boolean): void {
  if (!servesStatelessOnly(result)) return;
  for (const sf of result.sourceFiles) {
    if (!sf.text.toLowerCase().includes(SESSION_HEADER)) continue;
    const edited: string[] = [];
    const added = new Set<string>();
    forEachDescendant(sf, (node) => {
      if (!ts.isStringLiteralLike(node) || node.text.toLowerCase() === node.text.toLowerCase().replace(SESSION_HEADER, '')) return;
      const edit = corsListEdit(result, node, modern);
      if (!edit) return;
      plan.edits.push({ file: sf.fileName, start: edit.start, end: edit.end, text: edit.text });
      edited.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
      if (edit.added.length > 0) added.add(edit.added.join(', '));
    });
    if (edited.length > 0) plan.notes!.push(corsNote(`${result.relative(sf.fileName)}:${edited.join(',')}`, edited.length > 1, [...added]));
  }
}

/** The MIGRATION.md line for CORS lists edited at `where`. */
export function corsNote(where: string, several: boolean, added: readonly string[]): string {
  const allowed = added.length > 0 ? `; the allow-list${several ? 's' : ''} now name${several ? '' : 's'} the headers 2026-07-28 clients send (${added.join('; ')}) in its place` : '';
  return `serving: ${where} — Mcp-Session-Id dropped from the CORS header list${several ? 's' : ''}: the project serves statelessly, so nothing mints the header and no client sends it${allowed}`;
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
  return corsListKind(result, literal) !== undefined;
}

/** Which CORS list `literal` is (in): the headers a request may send (`allow`) or a response exposes (`expose`). */
function corsListKind(result: AnalysisResult, literal: ts.StringLiteralLike): 'allow' | 'expose' | undefined {
  const holder = ts.isArrayLiteralExpression(literal.parent) ? literal.parent : literal;
  const parent = holder.parent;
  const option = parent && ts.isPropertyAssignment(parent) && parent.initializer === holder ? propertyNameText(parent.name) ?? '' : '';
  if (/headers$/i.test(option)) return /expose/i.test(option) ? 'expose' : 'allow';
  const headerName = parent && ts.isCallExpression(parent) && parent.arguments[1] === holder ? result.analysis.values.constantString(parent.arguments[0]!) : undefined;
  const kind = headerName && /^access-control-(allow|expose)-headers$/i.exec(headerName)?.[1]?.toLowerCase();
  return kind === 'allow' || kind === 'expose' ? kind : undefined;
}

/**
 * The edit taking `Mcp-Session-Id` out of `literal` when it is a CORS header list: the second argument of a call
 * whose first is an `Access-Control-*` header name, or a `…headers` option (a string, or an element of an array).
 * Undefined when the list would be left empty (nothing else to keep: the serving rewrite's marker says what to do).
 */
export function corsListEdit(result: AnalysisResult, literal: ts.StringLiteralLike, modern: boolean): { start: number; end: number; text: string; added: string[] } | undefined {
  const sf = literal.getSourceFile();
  const inArray = ts.isArrayLiteralExpression(literal.parent) ? literal.parent : undefined;
  const kind = corsListKind(result, literal);
  if (!kind) return undefined;

  const names = literal.text.split(',');
  const kept = names.filter((n) => n.trim().toLowerCase() !== SESSION_HEADER);
  if (kept.length === names.length) return undefined;
  // What the whole list names already (every element of an array), so that no header is listed twice.
  const listed = new Set((inArray ? inArray.elements.flatMap((e) => (ts.isStringLiteralLike(e) ? e.text.split(',') : [])) : names).map((n) => n.trim().toLowerCase()));
  const added = modern && kind === 'allow' ? MODERN_REQUEST_HEADERS.filter((h) => !listed.has(h.toLowerCase())) : [];
  if (kept.length > 0 || (added.length > 0 && !inArray)) {
    // `a, Mcp-Session-Id, b` → `a, b`: the list keeps its own separator (the spacing after each comma); the modern
    // headers take the session header's place.
    const separator = /,(\s*)/.exec(literal.text)?.[1] ?? ' ';
    const text = names.flatMap((n) => (n.trim().toLowerCase() === SESSION_HEADER ? added : [n.trim()])).join(`,${separator}`);
    return { start: literal.getStart(sf) + 1, end: literal.end - 1, text, added };
  }
  if (inArray && added.length > 0) {
    const quote = literal.getText(sf)[0] ?? "'";
    return { start: literal.getStart(sf), end: literal.end, text: added.map((h) => `${quote}${h}${quote}`).join(', '), added };
  }
  // A list of exposed headers naming the session header alone: with it gone nothing is exposed, so its option (or the
  // statement setting the header) goes (sweep 11 J7: `cors({ origin: '*', exposedHeaders: ['Mcp-Session-Id'] })` was
  // left as it was). An allow-list is not emptied: an empty one means "every requested header" to some routers.
  if (kind === 'expose' && (!inArray || inArray.elements.length === 1)) return { ...exposeListRemoval(sf, inArray ?? literal), text: '', added };
  if (!inArray || inArray.elements.length < 2) return undefined;
  // The element goes with the comma after it (or, when it is the last, the comma before it).
  const index = inArray.elements.indexOf(literal);
  const next = inArray.elements[index + 1];
  if (next) return { start: literal.getStart(sf), end: next.getStart(sf), text: '', added };
  const previous = inArray.elements[index - 1]!;
  return { start: previous.end, end: literal.end, text: '', added };
}

/**
 * What goes when an exposed-headers list (`holder`: the array or the string) is left empty: its option in an object
 * literal, with the comma after it (or, when it is the last, the comma before it); or the whole statement of a call
 * setting the header (`res.setHeader('Access-Control-Expose-Headers', …);`); else the list's own text, made empty.
 */
function exposeListRemoval(sf: ts.SourceFile, holder: ts.Expression): { start: number; end: number } {
  const parent = holder.parent;
  if (parent && ts.isPropertyAssignment(parent) && parent.initializer === holder && ts.isObjectLiteralExpression(parent.parent)) {
    const properties = parent.parent.properties;
    const index = properties.indexOf(parent);
    const next = properties[index + 1];
    if (next) return { start: parent.getStart(sf), end: next.getStart(sf) };
    const previous = properties[index - 1];
    if (previous) return { start: previous.end, end: parent.end };
    return { start: parent.getStart(sf), end: sf.text[parent.end] === ',' ? parent.end + 1 : parent.end };
  }
  if (parent && ts.isCallExpression(parent) && ts.isExpressionStatement(parent.parent)) return removalRange(sf, parent.parent, false);
  // `[]`, `''`.
  return { start: holder.getStart(sf) + 1, end: holder.end - 1 };
}
