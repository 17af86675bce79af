/**
 * The logging sites the request-scope rewrite does not reach: each gets one marker whose advice fits
 * it, so nothing is left unexplained. The `logging` capability is the exception: declared by a server
 * that sends no log message at all, it is dead weight and goes; while anything still logs, it stays
 * (the SDK refuses `notifications/message` without it) and is marked.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, propertyNameText } from '../../analysis/ast.js';
import { logSentOnItsRequest } from '../../analysis/json-rpc-literals.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { describedFeature, type FeatureUse } from '../../analysis/sdk-features.js';
import { CAPABILITIES_OPTION, REGISTER_CAPABILITIES } from '../../analysis/sdk-modules.js';
import { inStatementList, removalRange } from '../kit/removal-range.js';
import { handBuiltMessage } from '../../analysis/json-rpc-literals.js';
import { isHandBuiltInitializeResult } from '../../analysis/handshake-plumbing.js';
import { isServerKind } from '../../analysis/value.js';
import { isConstructorArgument } from '../../analysis/constructor-options.js';
import type { TransformPlan } from '../kit/plan.js';
import type { TextEdit } from '../kit/edits.js';
import { addMarker, addMarkerAtLine, isMarked } from '../kit/handler-sites.js';
import { originalKeptAdvice, type LevelProxies } from './level-proxies.js';

/** The raw notification methods of logging (`notifications/message`), from the SDK description. */
const LOG_MESSAGES = new Set(Object.keys(describedFeature('logging').messages ?? {}));
/** Its request-scoped form on a handler's request context (`ctx.mcpReq.log`). */
const REQUEST_METHODS = new Set(describedFeature('logging').requestMethods ?? []);
/** Its methods on an SDK server (`sendLoggingMessage`). */
const SERVER_METHODS = new Set(Object.keys(describedFeature('logging').serverMethods ?? {}));

/** Marks every logging use and hand-built log message the plan neither rewrote nor marked; settles the capability. Returns how many capabilities were removed, and from which files. */
export function settleLeftSites(result: AnalysisResult, plan: TransformPlan, rule: string, proxies: LevelProxies, silenced: readonly TextEdit[] = [], modernOnly = false): { removedCapabilities: number; removedIn: string[] } {
  const { analysis } = result;
  const stdout = modernOnly ? STDOUT_MODERN_ONLY : STDOUT;
  const handBuilt = modernOnly ? HAND_BUILT_MODERN_ONLY : HAND_BUILT;
  const handled = (node: ts.Node): boolean => isMarked(plan, node) || rewrittenBy(plan, node);
  // Any log message left, rewritten onto its request or not, needs the capability.
  const uses = analysis.features.uses('logging');
  // A use the plan turned into a stderr line (`silenced`) sends nothing any more; one moved onto its request still does.
  const stopped = (node: ts.Node): boolean => rewrittenBy({ edits: [...silenced] }, node);
  let stillLogs = uses.some((use) => !stopped(use.node));
  // What keeps the capability: a log message still sent, or only a `logging/setLevel` handler the server registers
  // (the SDK refuses that registration without the capability), once every send went to stderr (sweep 18 R3).
  let stillSends = uses.some((use) => !stopped(use.node) && use.messageId !== 'handler');
  for (const use of uses) {
    if (!handled(use.node) && !sentOnItsRequest(result, use)) addMarker(plan, use.node, rule, adviceFor(use, proxies, analysis.values.checker, stdout, handBuilt));
  }
  const capabilities: ts.PropertyAssignment[] = [];
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile) continue;
    forEachDescendant(sf, (node) => {
      if (ts.isCallExpression(node) && !stillSends) {
        // `ctx.mcpReq.log(…)`: the request-scoped form, which still needs the capability (the SDK drops it without).
        const { name, receiver } = calleeParts(node);
        let sends = !!name && REQUEST_METHODS.has(name) && !!receiver && analysis.values.valueOf(receiver)?.kind === 'context-request';
        // `sendLoggingMessage(…)` on a receiver the analysis could not tell is a server (one handed through code it
        // cannot read): it may be one, so the capability it needs stays.
        sends ||= !!name && SERVER_METHODS.has(name) && !!receiver && !isServerKind(analysis.values.valueOf(receiver)) && !stopped(node);
        stillLogs ||= sends;
        stillSends ||= sends;
      } else if (ts.isObjectLiteralExpression(node)) {
        const method = handBuiltMessage(analysis.values, node, (m) => LOG_MESSAGES.has(m));
        if (!method || stopped(method)) return;
        stillLogs = true;
        stillSends = true;
        if (!handled(method)) addMarker(plan, method, rule, writtenToStdout(analysis.values.checker, node) ? stdout : handBuilt);
      } else if (ts.isPropertyAssignment(node) && propertyNameText(node.name) === 'logging' && isServerCapabilities(result, node.parent)) {
        capabilities.push(node);
      }
    });
  }
  let removedCapabilities = 0;
  const removedIn: string[] = [];
  for (const capability of capabilities) {
    if (handled(capability)) continue;
    const removal = !stillLogs && removalOf(capability);
    if (removal) {
      plan.edits.push(removal);
      removedCapabilities++;
      if (!removedIn.includes(removal.file)) removedIn.push(removal.file);
    } else {
      addMarkerAtLine(plan, capability, rule, stillSends ? KEPT_CAPABILITY : modernOnly ? KEPT_FOR_HANDLER_MODERN_ONLY : KEPT_FOR_HANDLER);
    }
  }
  return { removedCapabilities, removedIn };
}

const HAND_BUILT =
  'a notifications/message built by hand and written to the client: 2025-era clients still take it, but 2026-07-28 delivers a log message only on the response stream of a request that asked for a level (_meta io.modelcontextprotocol/logLevel), and Logging is deprecated (SEP-2577). On stdio write diagnostics to stderr; over HTTP send them to OpenTelemetry, or log with ctx.mcpReq.log(level, data, logger) in the handler the message is about.';
/** The same with --modern-only: no 2025-era client is served, so none takes it. */
const HAND_BUILT_MODERN_ONLY =
  'a notifications/message built by hand and written to the client: with --modern-only no 2025-era client is served, and 2026-07-28 delivers a log message only on the response stream of a request that asked for a level (_meta io.modelcontextprotocol/logLevel), and Logging is deprecated (SEP-2577). On stdio write diagnostics to stderr; over HTTP send them to OpenTelemetry, or log with ctx.mcpReq.log(level, data, logger) in the handler the message is about.';
/**
 * A notifications/message the server writes to stdout itself (a stdio server turning its console output into log
 * messages). By default it is not rewritten: the line is the log of the 2025-era clients the server still serves
 * (over stdio their client shows it), and which era the client on the other end speaks is only known to the
 * connection, so a stderr line in its place would take the message from them, and one beside it would print every
 * line twice; the maintainers of `src/everything` kept their legacy logging as it was. The marker says where it
 * must go for 2026-07-28 clients, and that `--modern-only` moves it (`stdout-logs.ts`). With `--modern-only` a line
 * still here is one that rewrite could not prove to be stdout's own write of a plain envelope: the marker says so.
 */
const STDOUT_ADVICE =
  'a notifications/message written straight to stdout, outside any request: 2025-era stdio clients still take it, but a 2026-07-28 client must not get one unless a request asked for a log level (_meta io.modelcontextprotocol/logLevel), and then only as part of that request (Logging is deprecated, SEP-2577). stderr is the log channel of a stdio server: for 2026-07-28 clients write the line there (console.error / process.stderr.write) instead of wrapping it in a notification; keep the notification only while the connection is a 2025-era one (serveStdio tells the two apart), or log with ctx.mcpReq.log(level, data, logger) in the handler the line is about.';
const STDOUT = `${STDOUT_ADVICE} Kept: it is the log of the 2025-era clients this server still serves; apply --modern-only (2026-07-28 clients only) writes it to stderr without its JSON-RPC envelope.`;
const STDOUT_MODERN_ONLY = `${STDOUT_ADVICE} Not moved to stderr by --modern-only: the write is not provably process.stdout's own write of a plain { jsonrpc, method, params } message (a function handed in, a message built elsewhere); move it by hand.`;
const KEPT_CAPABILITY =
  'the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.';

const KEPT_FOR_HANDLER =
  'the logging capability is deprecated in 2026-07-28 (SEP-2577). Nothing here sends a log message any more; it stays for the logging/setLevel handler this server registers (the SDK refuses that registration without it), which only 2025-era clients call: remove the handler and the capability together once no 2025-era client needs them.';
const KEPT_FOR_HANDLER_MODERN_ONLY =
  'the logging capability is deprecated in 2026-07-28 (SEP-2577). Nothing here sends a log message any more; it stays only for the logging/setLevel handler this server registers (the SDK refuses that registration without it), which only 2025-era clients call and --modern-only serves none: remove the handler and the capability together.';

function adviceFor(use: FeatureUse, proxies: LevelProxies, checker: ts.TypeChecker, stdout: string, handBuilt: string): string {
  if (use.messageId === 'raw') {
    let literal: ts.Node | undefined = use.node;
    while (literal && !ts.isObjectLiteralExpression(literal) && !ts.isStatement(literal)) literal = literal.parent;
    return literal && ts.isObjectLiteralExpression(literal) && writtenToStdout(checker, literal) ? stdout : handBuilt;
  }
  if (ts.isPropertyAccessExpression(use.node.parent) && proxies.keepsOriginal(use.node.parent)) return originalKeptAdvice();
  if (ts.isPropertyAccessExpression(use.node.parent) && !ts.isCallExpression(use.node.parent.parent)) {
    return 'sendLoggingMessage handed on as a function: whoever calls it has no request to log on, so 2026-07-28 clients never see the message. Hand the helper the request context instead and log with ctx.mcpReq.log(level, data, logger) there (it travels on that request when the request carries a log level); for a 2025-era-only path keep it, and send what must be seen to stderr or OpenTelemetry.';
  }
  return 'sendLoggingMessage outside the handler whose work it describes (a helper or a callback): 2026-07-28 clients receive a log message only on the request it belongs to. Pass the handler\'s ctx down and log with ctx.mcpReq.log(level, data, logger), or log to stderr or OpenTelemetry.';
}

/**
 * A log message sent through the handler's own context (`extra.sendNotification({ method:
 * 'notifications/message', … })` in the handler, or in the log function it hands a helper): it travels
 * on that request's stream, the SDK 1.x form of `ctx.mcpReq.log` (what this transform writes on
 * `--target stateless-v1`).
 */
function sentOnItsRequest(result: AnalysisResult, use: FeatureUse): boolean {
  if (use.messageId !== 'raw') return false;
  let node: ts.Node | undefined = use.node;
  while (node && !ts.isCallExpression(node) && !ts.isFunctionLike(node)) node = node.parent;
  return !!node && ts.isCallExpression(node) && logSentOnItsRequest(result.analysis, node);
}

/** An edit of this plan replaces the code `node` starts in (its call was rewritten, its statement removed). */
function rewrittenBy(plan: Pick<TransformPlan, 'edits'>, node: ts.Node): boolean {
  const sf = node.getSourceFile();
  const at = node.getStart(sf);
  return plan.edits.some((e) => e.file === sf.fileName && e.start <= at && at < e.end);
}

/**
 * `capabilities: { logging: {} }` of a server: its constructor's options, `registerCapabilities({ … })`,
 * or an `InitializeResult` the project builds by hand.
 */
function isServerCapabilities(result: AnalysisResult, object: ts.Node): boolean {
  const { values } = result.analysis;
  if (!ts.isObjectLiteralExpression(object)) return false;
  const parent = object.parent;
  if (parent && ts.isCallExpression(parent) && parent.arguments[0] === object) {
    const { name, receiver } = calleeParts(parent);
    return name === REGISTER_CAPABILITIES && !!receiver && isServerKind(values.valueOf(receiver));
  }
  if (!parent || !ts.isPropertyAssignment(parent) || propertyNameText(parent.name) !== CAPABILITIES_OPTION) return false;
  return isHandBuiltInitializeResult(parent.parent) || isConstructorArgument(values, parent.parent, 1, (created) => isServerKind(values.valueOf(created)));
}

/**
 * The edit deleting `logging: {}` from its object: its whole line(s) when it has them to itself (with
 * its comma and a comment trailing on the line), else the property and the comma before or after it.
 * Undefined when the value is more than an empty object (options a person chose).
 */
function removalOf(property: ts.PropertyAssignment): { file: string; start: number; end: number; text: string } | undefined {
  const init = property.initializer;
  if (!ts.isObjectLiteralExpression(init) || init.properties.length > 0) return undefined;
  const sf = property.getSourceFile();
  const text = sf.text;
  const object = property.parent as ts.ObjectLiteralExpression;
  const index = object.properties.indexOf(property);
  const start = property.getStart(sf);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const rest = /^[ \t]*,?[ \t]*(?:\/\/[^\n]*)?\r?\n/.exec(text.slice(property.end));
  if (/^[ \t]*$/.test(text.slice(lineStart, start)) && rest && object.properties.length > 1) {
    return { file: sf.fileName, start: lineStart, end: property.end + rest[0].length, text: '' };
  }
  if (object.properties.length === 1) {
    // `server.server.registerCapabilities({ logging: {} });` declares nothing else: the statement goes whole.
    const call = object.parent;
    if (ts.isCallExpression(call) && call.arguments.length === 1 && ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === REGISTER_CAPABILITIES && ts.isExpressionStatement(call.parent) && inStatementList(call.parent)) {
      const range = removalRange(sf, call.parent);
      return { file: sf.fileName, start: range.start, end: range.end, text: '' };
    }
    return { file: sf.fileName, start: object.getStart(sf), end: object.end, text: '{}' };
  }
  const next = object.properties[index + 1];
  if (next) return { file: sf.fileName, start, end: next.getStart(sf), text: '' };
  const previous = object.properties[index - 1]!;
  const trailingComma = /^\s*,/.exec(text.slice(property.end));
  return { file: sf.fileName, start: previous.end, end: property.end + (trailingComma ? trailingComma[0].length : 0), text: '' };
}

/**
 * The message is written to the process's stdout: the literal, or the `const` holding it, sits in the arguments of a
 * call (within one expression, not in a callback) that also names `process.stdout`:
 * `process.stdout.write(JSON.stringify(m) + '\n')`, `originalWrite.call(process.stdout, JSON.stringify(m))`, where
 * `process` is Node's global.
 */
function writtenToStdout(checker: ts.TypeChecker, literal: ts.ObjectLiteralExpression): boolean {
  let holder: ts.Node = literal;
  while (holder.parent && (ts.isParenthesizedExpression(holder.parent) || ts.isAsExpression(holder.parent) || ts.isSatisfiesExpression(holder.parent))) holder = holder.parent;
  const parent = holder.parent;
  const declared = parent && ts.isVariableDeclaration(parent) && parent.initializer === holder && ts.isIdentifier(parent.name) ? parent.name : undefined;
  const symbol = declared && checker.getSymbolAtLocation(declared);
  const occurrences: ts.Node[] = [literal];
  if (symbol) {
    let scope: ts.Node = parent!;
    while (scope.parent && !ts.isSourceFile(scope) && !ts.isFunctionLike(scope)) scope = scope.parent;
    forEachDescendant(scope, (node) => {
      if (ts.isIdentifier(node) && node !== declared && checker.getSymbolAtLocation(node) === symbol) occurrences.push(node);
    });
  }
  return occurrences.some((occurrence) => {
    for (let node = occurrence.parent; node && !ts.isFunctionLike(node) && !ts.isStatement(node); node = node.parent) {
      if (ts.isCallExpression(node) && namesStdout(checker, node)) return true;
    }
    return false;
  });
}

/** `process.stdout` in the call's callee or arguments (not inside a callback among them). */
function namesStdout(checker: ts.TypeChecker, call: ts.CallExpression): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || ts.isFunctionLike(node)) return;
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'stdout' && ts.isIdentifier(node.expression) && node.expression.text === 'process') {
      // Node's global `process` (declared in @types/node, or unresolved when the project has no types installed), not a local.
      const declaration = checker.getSymbolAtLocation(node.expression)?.valueDeclaration;
      found = !declaration || declaration.getSourceFile().isDeclarationFile;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(call);
  return found;
}
