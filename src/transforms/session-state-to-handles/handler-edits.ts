/**
 * Edits inside a tool's handler: its context parameter (to check the caller with), the caller check first thing
 * in its body, a stale codemod comment at a call, and where a session id read with its fallback ends. They append
 * to the caller's edit list, in order, like every edit of one store's rewrite.
 */
import { ts } from '../../typescript.js';
import { calleeParts, outermostWrapper, propertyNameText, statementOf, unwrap } from '../../analysis/ast.js';
import type { ToolRegistration } from '../../analysis/tools.js';
import type { TextEdit } from '../kit/edits.js';
import { CannotRewrite } from '../kit/handler-sites.js';
import { flavourOf, indentAt, indentUnit } from '../kit/source-style.js';
import { addBindingElement, insertText, replaceText } from './schema-edits.js';

/** `extra.sessionId ?? 'local'` / `|| 'local'`: the fallback goes with the id (the handle is required). */
export function withFallback(access: ts.Expression): ts.Expression {
  const outer = outermostWrapper(access) as ts.Expression;
  const parent = outer.parent;
  if (parent && ts.isBinaryExpression(parent) && parent.left === outer && (parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || parent.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return parent;
  }
  return outer;
}

function branchBlock(branch: ts.Node): ts.Node | undefined {
  if (ts.isCaseClause(branch)) return branch.statements.length === 1 && ts.isBlock(branch.statements[0]!) ? branch.statements[0] : branch;
  if (ts.isIfStatement(branch)) return ts.isBlock(branch.thenStatement) ? branch.thenStatement : undefined;
  return undefined;
}

function openParen(fn: ts.FunctionLikeDeclaration): number {
  const sf = fn.getSourceFile();
  const start = fn.getStart(sf);
  const index = sf.text.indexOf('(', start);
  if (index < 0 || (fn.body && index > fn.body.getStart(sf))) throw new CannotRewrite('cannot find the parameter list', fn);
  return index;
}

/** The return statements of a function body, not of functions nested in it. */
export function returnsOf(body: ts.Block): ts.ReturnStatement[] {
  const out: ts.ReturnStatement[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) out.push(node);
    if (ts.isFunctionLike(node)) return;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return out;
}

/**
 * The caller check (`check` lines) first thing in the tool's handler, or in its branch of a low-level handler;
 * an expression body becomes a block that returns the expression.
 */
export function insertCallerCheck(edits: TextEdit[], tool: ToolRegistration, check: readonly string[]): void {
  const handler = tool.handler!;
  const sf = handler.getSourceFile();
  const text = sf.text;
  const body = tool.branch ? branchBlock(tool.branch) : handler.body;
  if (!body) throw new CannotRewrite(`the handler of '${tool.name}' has no body`, handler);
  if (ts.isBlock(body)) {
    const firstStatement = body.statements[0];
    const indent = firstStatement ? indentAt(text, firstStatement.getStart(sf)) : indentAt(text, body.getStart(sf)) + indentUnit(text);
    insertText(edits, sf, body.getStart(sf) + 1, check.map((line) => `\n${indent}${line}`).join(''));
  } else if (ts.isCaseClause(body)) {
    const firstStatement = body.statements[0];
    const indent = firstStatement ? indentAt(text, firstStatement.getStart(sf)) : indentAt(text, body.getStart(sf)) + indentUnit(text);
    insertText(edits, sf, body.expression.end + 1, check.map((line) => `\n${indent}${line}`).join(''));
  } else {
    // Two insertions around the expression, so edits inside it (a helper's argument) still apply.
    const indent = indentAt(text, handler.getStart(sf)) + indentUnit(text);
    const expression = ts.isParenthesizedExpression(body) && ts.isObjectLiteralExpression(body.expression) ? body.expression : body;
    const opening = `{\n${check.map((line) => `${indent}${line}`).join('\n')}\n${indent}return `;
    const arrow = ts.isArrowFunction(handler) ? handler.equalsGreaterThanToken.end : body.getStart(sf);
    // `=>\n    expr` (body on its own line): the brace goes after the arrow, the line break into the block.
    if (/\n/.test(text.slice(arrow, body.getStart(sf)))) replaceText(edits, body, ` ${opening}`, arrow, body.getStart(sf));
    else insertText(edits, sf, body.getStart(sf), opening);
    if (expression !== body) {
      replaceText(edits, body, '', body.getStart(sf), expression.getStart(sf));
      replaceText(edits, body, '', expression.end, body.end);
    }
    insertText(edits, sf, body.end, `;\n${indentAt(text, handler.getStart(sf))}}`);
  }
}

/** The name of the handler's context parameter at `index`, added when missing; `{ authInfo }` for a destructured one. */
export function contextParameter(
  edits: TextEdit[],
  handler: ts.FunctionLikeDeclaration,
  index: number,
  major: 1 | 2,
  destructured: ReadonlySet<ts.BindingPattern>,
  argsPlaceholder?: string,
): string {
  const sf = handler.getSourceFile();
  const param = handler.parameters[index];
  const identity = major === 2 ? 'http' : 'authInfo';
  if (param && ts.isIdentifier(param.name)) return param.name.text;
  if (param && ts.isObjectBindingPattern(param.name)) {
    const bound = param.name.elements.find((e) => !e.dotDotDotToken && propertyNameText(e.propertyName ?? (e.name as ts.Identifier)) === identity);
    // `{ authInfo: auth }`: the identity is in scope under the name the handler gave it.
    if (bound && ts.isIdentifier(bound.name) && bound.name.text !== identity) return `{ ${identity}: ${bound.name.text} }`;
    if (bound && !ts.isIdentifier(bound.name)) throw new CannotRewrite(`the handler destructures \`${identity}\` further, so the handle check cannot pass it on`, bound);
    if (!bound && !destructured.has(param.name)) addBindingElement(edits, param.name, identity);
    return `{ ${identity} }`;
  }
  const name = major === 2 ? 'ctx' : 'extra';
  // No context parameter yet: `async () =>` or `async (args) =>`.
  if (argsPlaceholder && handler.parameters.length === 0) {
    const open = openParen(handler);
    insertText(edits, sf, open + 1, `${argsPlaceholder}, ${name}`);
  } else if (handler.parameters.length === index) {
    const last = handler.parameters[handler.parameters.length - 1];
    if (last) insertText(edits, sf, last.end, `, ${name}`);
    else insertText(edits, sf, openParen(handler) + 1, name);
  } else throw new CannotRewrite('the handler has no usable context parameter', handler);
  return name;
}

/** Whether the handler needs explicit parameter types: TypeScript, and not written inline in the registration. */
export function needsParameterTypes(tool: ToolRegistration): boolean {
  const handler = tool.handler!;
  return flavourOf(handler.getSourceFile()) === 'ts' && !tool.call.arguments.some((a) => unwrap(a) === handler);
}

/**
 * The official codemod (sdk-v2) asks a person to check a context handed to a helper; once the
 * helper takes the handle instead, that comment is stale: remove it with its line.
 */
export function dropStaleCodemodComment(edits: TextEdit[], call: ts.CallExpression): void {
  const statement = statementOf(call);
  const sf = statement.getSourceFile();
  const callee = calleeParts(call).name ?? '';
  for (const range of ts.getLeadingCommentRanges(sf.text, statement.getFullStart()) ?? []) {
    const comment = sf.text.slice(range.pos, range.end);
    if (!comment.startsWith('/* @mcp-codemod-error') || !comment.includes(`forwarded to ${callee}(`)) continue;
    const lineStart = sf.text.lastIndexOf('\n', range.pos - 1) + 1;
    const lineEnd = sf.text.indexOf('\n', range.end);
    const alone = sf.text.slice(lineStart, range.pos).trim() === '' && sf.text.slice(range.end, lineEnd < 0 ? undefined : lineEnd).trim() === '';
    if (alone) edits.push({ file: sf.fileName, start: lineStart, end: lineEnd < 0 ? range.end : lineEnd + 1, text: '' });
    else edits.push({ file: sf.fileName, start: range.pos, end: range.end, text: '' });
  }
}
