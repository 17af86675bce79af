/**
 * HTTP+SSE transports a project writes itself instead of importing the SDK's (ivo-toby/contentful-mcp:
 * `class SSEServerTransport { start() { … } send(message) { res.write(`data: ${…}\n\n`) } }`). One is recognised by
 * what it does, not by its name: an instance of a class of the project is connected to an SDK server
 * (`server.connect(new C(…))`, directly or through a variable), and the class writes Server-Sent Events frames
 * (a `write(…)` of text starting with `data:` or `event:`). Each such `new` is one session-bound stream per client,
 * as with the SDK's deprecated transport; a project class of the same name that is never connected, or a transport
 * of the project that writes no SSE frames (stdio, WebSocket, in-memory), is not one.
 */
import { ts } from '../typescript.js';
import { calleeParts, forEachDescendant, unwrap } from './ast.js';
import { CONNECT_METHOD } from './sdk-modules.js';
import { isServerKind } from './value.js';
import type { Analysis } from './model.js';

/** An SSE frame's first field, as a write's text starts with it. */
const SSE_FRAME_START = /^(?:data|event):/;

/** The `new` of a project's own HTTP+SSE transport that `call` (`server.connect(transport)`) connects, if it is one. */
export function ownSseTransportConnected(analysis: Analysis, call: ts.CallExpression): ts.NewExpression | undefined {
  const { name, receiver } = calleeParts(call);
  if (name !== CONNECT_METHOD || !receiver || call.arguments.length !== 1) return undefined;
  const created = createdBy(analysis, unwrap(call.arguments[0]!) as ts.Expression);
  if (!created || analysis.sdk.exportOf(created.expression)) return undefined;
  const cls = analysis.values.symbolOf(created.expression)?.valueDeclaration;
  if (!cls || !(ts.isClassDeclaration(cls) || ts.isClassExpression(cls)) || cls.getSourceFile().isDeclarationFile) return undefined;
  if (!writesSseFrames(cls) || !isServerKind(analysis.values.valueOf(receiver))) return undefined;
  return created;
}

/** `new C(…)` itself, or the initializer of the `const` the argument names. */
function createdBy(analysis: Analysis, arg: ts.Expression): ts.NewExpression | undefined {
  if (ts.isNewExpression(arg)) return arg;
  if (!ts.isIdentifier(arg)) return undefined;
  const decl = analysis.values.symbolOf(arg)?.valueDeclaration;
  const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
  return init && ts.isNewExpression(init) ? init : undefined;
}

/**
 * Whether a method of the class writes an SSE frame: `x.write('data: …')`, `` x.write(`event: ${e}\n`) ``, or a frame
 * handed to an SSE stream's own writer as its fields (Hono's `stream.writeSSE({ event: 'endpoint', data })`,
 * elct9620/perplexity-ask-openrouter's SseTransport, sweep 19 S3).
 */
function writesSseFrames(cls: ts.ClassLikeDeclaration): boolean {
  let found = false;
  forEachDescendant(cls, (node) => {
    if (!found && ts.isCallExpression(node)) found = isSseFrameWrite(node);
  });
  return found;
}

/** `x.write('data: …')`, `` x.write(`event: ${e}\n`) ``, `stream.writeSSE({ event, data })`: the call writes one SSE frame. */
export function isSseFrameWrite(call: ts.CallExpression): boolean {
  if (call.arguments.length === 0) return false;
  const { name } = calleeParts(call);
  const first = unwrap(call.arguments[0]!);
  if (name === 'write') {
    const text = leadingText(first);
    return text !== undefined && SSE_FRAME_START.test(text);
  }
  return name === SSE_FIELDS_WRITER && ts.isObjectLiteralExpression(first) && first.properties.some((p) => SSE_FIELDS.has(p.name && ts.isIdentifier(p.name) ? p.name.text : ''));
}

/** A streaming API's method writing one SSE frame from its fields (Hono's `SSEStreamingApi.writeSSE`), and those fields. */
const SSE_FIELDS_WRITER = 'writeSSE';
const SSE_FIELDS: ReadonlySet<string> = new Set(['data', 'event']);

function leadingText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return leadingText(unwrap(node.left));
  return undefined;
}
