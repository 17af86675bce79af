/**
 * v1 reads of the HTTP request (`requestInfo`) on a handler context that the SDK move leaves as written. The official
 * codemod maps `extra.requestInfo` to v2's `ctx.http?.req` on a handler's own context and on a parameter typed
 * `RequestHandlerExtra` (helper-context.ts types a helper's inline v1 type so first). A context handed to a helper typed
 * with the project's own type (`type RequestContext = { sessionId?: string; requestInfo?: { headers?: IncomingHttpHeaders } }`,
 * `bearerOf(context?: RequestContext)`) keeps its reads, and they still compile on v2, whose context fits that type
 * (every member optional) but has no `requestInfo`: the header is undefined on every request, and a tool that
 * authenticates by it refuses every caller (sweep 32 AF2). The analysis knows such a parameter holds the handler's
 * context (it follows `extra` into helpers as it does for the session id), so each read the move did not rewrite gets a
 * marker saying what to read on v2. It is not rewritten: `ctx.http?.req?.headers.get(name)` would need the project's
 * type changed, and other code may build or read values of it.
 */
import { ts } from '../../typescript.js';
import { forEachOfKind, memberAccess, propertyNameText, statementOf, unwrap } from '../../analysis/ast.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { markerInsertion } from '../../markers.js';
import { RULE_ID } from '../../rule-ids.js';
import { handlerContextOf } from '../../analysis/sdk-modules.js';
import type { TextEdit } from '../kit/edits.js';

/** v1's member of the handler context holding the HTTP request, and the member of it holding the headers (the SDK description's). */
const [REQUEST_INFO, HEADERS] = handlerContextOf(1).recordHeaders as readonly [string, string];

/** The rule of the session flow that follows the handler's context into helpers (the one whose analysis found the carrier). */
const RULE = RULE_ID.sessionIdRead;

/** Whether `node` holds a handler context (the handler's own, or one carried into a helper or variable). */
function isContext(values: ValueAnalysis, node: ts.Node): boolean {
  return values.valueOf(unwrap(node))?.kind === 'context';
}

/**
 * The `requestInfo` names (a property name, an element access's string, a binding's property name) of the reads of it
 * on a handler context in `sf`, the text the analysis read.
 */
function requestInfoReads(sf: ts.SourceFile, values: ValueAnalysis): ts.Node[] {
  if (!sf.text.includes(REQUEST_INFO)) return [];
  const out: ts.Node[] = [];
  forEachOfKind(sf, [ts.SyntaxKind.PropertyAccessExpression, ts.SyntaxKind.ElementAccessExpression, ts.SyntaxKind.BindingElement], (node) => {
    if (ts.isBindingElement(node)) {
      // `const { requestInfo } = context`, `({ requestInfo }: RequestContext) => …`
      if ((propertyNameText(node.propertyName) ?? (ts.isIdentifier(node.name) ? node.name.text : undefined)) !== REQUEST_INFO) return;
      const owner = node.parent.parent;
      const carrier = ts.isVariableDeclaration(owner) ? owner.initializer : ts.isParameter(owner) ? owner : undefined;
      if (carrier && isContext(values, carrier)) out.push(node.propertyName ?? node.name);
      return;
    }
    const access = memberAccess(node);
    if (access?.name === REQUEST_INFO && isContext(values, access.object)) out.push(access.nameNode);
  });
  return out;
}

/** What to tell about the read whose `requestInfo` name is `name`, as the moved text has it (the codemod may have renamed the context `ctx`). */
function adviceAt(name: ts.Node, sf: ts.SourceFile): string {
  const read = name.parent;
  // `{ requestInfo } = context`: the declaration or parameter the binding is part of.
  if (ts.isBindingElement(read)) {
    const owner = read.parent.parent;
    const from = ts.isVariableDeclaration(owner) && owner.initializer ? unwrap(owner.initializer) : undefined;
    return advice(clip(owner.getText(sf)), undefined, from && ts.isIdentifier(from) ? from.text : undefined);
  }
  const access = memberAccess(read);
  const receiver = access && unwrap(access.object);
  // `context?.requestInfo` on an optional parameter: what to write instead keeps the `?.`.
  const optional = (read as ts.PropertyAccessExpression | ts.ElementAccessExpression).questionDotToken ? '?' : '';
  return advice(readText(read as ts.Expression, sf), headerName(read), receiver && ts.isIdentifier(receiver) ? `${receiver.text}${optional}` : undefined);
}

/** `requestInfo.headers.<name>` / `requestInfo.headers['<name>']` above `access`: the header's name. */
function headerName(access: ts.Node): string | undefined {
  const headers = access.parent && memberAccess(access.parent);
  if (headers?.name !== HEADERS || unwrap(headers.object) !== access) return undefined;
  const header = access.parent.parent && memberAccess(access.parent.parent);
  return header && unwrap(header.object) === access.parent ? header.name : undefined;
}

/** The whole member chain the read starts (`context?.requestInfo?.headers?.authorization`), as written. */
function readText(access: ts.Expression, sf: ts.SourceFile): string {
  let outer: ts.Expression = access;
  while ((ts.isPropertyAccessExpression(outer.parent) || ts.isElementAccessExpression(outer.parent) || ts.isNonNullExpression(outer.parent)) && outer.parent.expression === outer) outer = outer.parent;
  return clip(outer.getText(sf));
}

/** One line, at most 80 characters. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function advice(read: string, header: string | undefined, receiver: string | undefined): string {
  const ctx = receiver ?? 'ctx';
  const instead = header
    ? `read \`${ctx}.http?.req?.headers.get('${header}')\` (v2's request is a Web \`Request\`, its headers a \`Headers\`; \`get\` answers null when the header is absent)`
    : `read the request from \`${ctx}.http?.req\` (a Web \`Request\`: headers by \`headers.get(name)\`)`;
  return `\`${read}\` reads SDK v1's \`${REQUEST_INFO}\`, which the handler's context on SDK v2 (\`ServerContext\`) does not have: it reads undefined on every request, and a context typed with the project's own type hides that from the compiler. On v2, ${instead}, with the parameter typed as v2's \`ServerContext\`.`;
}

/**
 * `final` (the moved text of `sf`'s file; `edits` turn `sf.text` into it) with a marker above each statement holding a
 * read of `requestInfo` on a handler context that the move left as it was, and the markers' lines (1-based) in it. A
 * read the move touched (the codemod's `http?.req`) is left to it.
 */
export function markLeftRequestInfoReads(sf: ts.SourceFile, values: ValueAnalysis, edits: readonly TextEdit[], final: string): { text: string; markers: Array<{ line: number; ruleId: string; message: string }> } {
  const reads = requestInfoReads(sf, values);
  if (!reads.length) return { text: final, markers: [] };
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const moved = ts.createSourceFile(sf.fileName, final, ts.ScriptTarget.Latest, true);
  const insertions = new Map<number, { text: string; message: string }>();
  for (const read of reads) {
    const start = read.getStart(sf);
    const end = read.getEnd();
    if (sorted.some((e) => e.start < end && e.end > start)) continue;
    // Where the unedited name stands in the moved text: each edit before it shifts it by what it added.
    const at = sorted.filter((e) => e.end <= start).reduce((offset, e) => offset + e.text.length - (e.end - e.start), start);
    const name = nodeStartingAt(moved, at);
    if (!name || !name.getText(moved).includes(REQUEST_INFO)) continue;
    const statementStart = statementOf(name).getStart(moved);
    const message = adviceAt(name, moved);
    const insertion = markerInsertion(final, statementStart, RULE, message);
    // One marker per statement: the first read in it speaks for the others.
    if (insertion && !insertions.has(insertion.offset)) insertions.set(insertion.offset, { text: insertion.text, message });
  }
  let text = final;
  for (const [offset, insertion] of [...insertions].sort((a, b) => b[0] - a[0])) text = text.slice(0, offset) + insertion.text + text.slice(offset);
  // Top down: each marker above moves the next one down a line.
  const markers = [...insertions].sort((a, b) => a[0] - b[0]).map(([offset, insertion], index) => ({ line: final.slice(0, offset).split('\n').length + index, ruleId: RULE, message: insertion.message }));
  return { text, markers };
}

/** The innermost node of `sf` that begins at `position`. */
function nodeStartingAt(sf: ts.SourceFile, position: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (position < node.getStart(sf) || position >= node.getEnd()) return;
    if (node.getStart(sf) === position) found = node;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sf, visit);
  return found;
}
