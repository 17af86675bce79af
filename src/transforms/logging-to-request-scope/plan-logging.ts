/**
 * `logging-to-request-scope`: `server.sendLoggingMessage({ level, logger, data }, sessionId?)`
 * - in a request handler becomes the request-scoped call: v2 `ctx.mcpReq.log(level, data, logger)`;
 *   SDK 1.x `extra.sendNotification({ method: 'notifications/message', params: { … } })`. It
 *   travels on that request's response stream, the only place 2026-07-28 allows it;
 * - elsewhere (an interval, a startup hook) it has no request to travel on: 2026-07-28 clients never
 *   receive it. While 2025-era clients are still served over a connection that outlives a request
 *   (stdio, HTTP+SSE: the serving transform keeps them through `legacy: 'serve'` and server-legacy),
 *   the call is left as it is, with a marker saying so: it still reaches them, through the deprecation
 *   window (SEP-2577), as the maintainers of `src/everything` kept it (on `--target stateless-v1` too: SDK 1.x keeps
 *   stdio and HTTP+SSE connections, sweep 22 V2). With `--modern-only`, or only
 *   Streamable HTTP (stateless: no connection outlives a request), a statement becomes a stderr
 *   line (`console.error`), the spec's replacement; it is marked (move to OpenTelemetry or a real
 *   logger) except with `--modern-only`, where no client could take the message any more; anything
 *   else gets a marker only;
 * - `logging/setLevel` handlers get a marker: the level now arrives per request in `_meta`; with `--modern-only`
 *   (no 2025-era client, the only ones that send it) a handler written inline is removed;
 * - a log sender a handler hands on (`helper(server.sendLoggingMessage.bind(server))`) becomes the
 *   request's own log, a function of the same shape (`handed-on.ts`);
 * - every other site (a log sender handed on elsewhere, a log message built by hand, the `logging`
 *   capability) gets one marker (`left-sites.ts`); a capability nothing uses any more is removed;
 * - with `--modern-only`, a `notifications/message` line the server writes to stdout itself goes to
 *   stderr without its JSON-RPC envelope (`stdout-logs.ts`);
 * - progress a handler sends through the server (`server.server.notification({ method:
 *   'notifications/progress', … }, { relatedRequestId })`) goes onto the request it reports on, as the
 *   maintainers of `src/everything` moved it: v2 `ctx.mcpReq.notify(message)`, SDK 1.x
 *   `extra.sendNotification(message)`. Without `relatedRequestId` the server sent it on the
 *   standalone stream, which 2026-07-28 no longer has.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isFunctionLike, isInside, isUndefined, ITERATION_METHODS, propertyNameText, unwrap } from '../../analysis/ast.js';
import { inStatementList, removalRange } from '../kit/removal-range.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { describedFeature, handlerRegistration, rawSendersOf, REQUEST_SCOPED_NOTIFICATIONS, REQUEST_STREAM_OPTION, ruleOfFeature, serverMethodsOf } from '../../analysis/sdk-features.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import type { TextEdit } from '../kit/edits.js';
import { emptyPlan } from '../kit/plan.js';
import { indentAt } from '../kit/source-style.js';
import { andList } from '../kit/prose.js';
import { handlerContextOf, SSE_TRANSPORTS, STDIO_TRANSPORTS, sdkMajorOfFile } from '../../analysis/sdk-modules.js';
import { addMarker, CannotRewrite, contextParameter, directHandler, forEachCall, isServerCall } from '../kit/handler-sites.js';
import { settleLeftSites } from './left-sites.js';
import { rewriteHandedOnSenders } from './handed-on.js';
import { moveStdoutLogsToStderr } from './stdout-logs.js';
import { checkClosureSeesContext, requestSite } from './request-sites.js';
import { levelProxies, proxiedAdvice } from './level-proxies.js';
import { frameworkConnectionTransports } from '../../analysis/framework-sites.js';
import { planServingKeeping } from '../stateless-serving/plan-serving.js';
import { timed } from '../../timing.js';

const RULE = ruleOfFeature('logging');
/** What a log sent in a handler became, for the file's line in MIGRATION.md. */
const SCOPED_V2 = 'sendLoggingMessage in a handler → the request-scoped log (ctx.mcpReq.log)';
const SCOPED_V1 = 'sendLoggingMessage in a handler → the request\'s own notification (extra.sendNotification)';
/** The server's log sends (`sendLoggingMessage`), and its raw notification sender (what progress is sent with). */
const METHODS = serverMethodsOf('logging');
const NOTIFY = rawSendersOf('notification', 'server');
/** The log-level handler registration (`logging/setLevel`), from the description. */
const SET_LEVEL = new Set(describedFeature('logging').handledMethods);

export function planLogging(result: AnalysisResult, options: TransformOptions): TransformPlan {
  const plan = emptyPlan();
  plan.notes = [];
  const { analysis } = result;
  let scoped = 0;
  let stderr = 0;
  let stderrDone = 0;
  /** The file of each background call turned into a stderr line, for the report. */
  const stderrFiles: string[] = [];
  /** Edits that turn a log message into a stderr line: what they cover no longer needs the capability. */
  const silenced: TextEdit[] = [];
  let kept = 0;
  let progress = 0;
  const proxies = levelProxies(result, METHODS);
  plan.fileNotes = [];
  const fileNote = (sf: ts.SourceFile, what: string): void => {
    if (!plan.fileNotes!.some((n) => n.file === sf.fileName && n.what === what)) plan.fileNotes!.push({ file: sf.fileName, what });
  };
  // Asked at the first log sent outside a request (it may plan the serving): most programs send none.
  let streams: string[] | undefined;
  const legacyStreams = (): string[] => (streams ??= !options.modernOnly ? timed('logging: connection transports', () => connectionTransports(result, options)) : []);
  /** `logging/setLevel` handler registrations removed (--modern-only): the calls inside them are gone with them. */
  const setLevelRemovals: Array<{ call: ts.CallExpression; edit: TextEdit; sf: ts.SourceFile }> = [];
  forEachCall(result.sourceFiles, (call) => {
    if (setLevelRemovals.some((removed) => isInside(call, removed.call))) return;
    const registration = handlerRegistration(analysis, call);
    if (registration && SET_LEVEL.has(registration.method)) {
      const removal = options.modernOnly ? setLevelRemoval(call, options) : undefined;
      if (removal) {
        // Also what `settleLeftSites` counts as sending nothing any more: the capability goes when nothing else logs.
        plan.edits.push(removal);
        silenced.push(removal);
        setLevelRemovals.push({ call, edit: removal, sf: call.getSourceFile() });
        fileNote(call.getSourceFile(), 'the logging/setLevel handler removed: 2026-07-28 has no logging/setLevel (the level arrives with each request) and --modern-only serves no 2025-era client');
        return;
      }
      addMarker(plan, call, RULE, 'logging/setLevel was removed in 2026-07-28: the client sends the level with every request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log honours it. This handler only serves 2025-era clients; remove it (the SDK installs one when the logging capability is declared).');
      return;
    }
    if (isServerCall(analysis, call, NOTIFY)) {
      if (moveOntoRequest(result, call, plan)) progress++;
      return;
    }
    if (!isServerCall(analysis, call, METHODS)) return;
    const sf = call.getSourceFile();
    const site = requestSite(analysis, call);
    const params = call.arguments[0] && unwrap(call.arguments[0]);
    try {
      if (!site) throw new CannotRewrite('outside a request handler', call);
      if (proxies.proxiedCall(call)) {
        addMarker(plan, call, RULE, proxiedAdvice(proxies, sf));
        return;
      }
      // The API is the file's SDK's: a file already on v2 keeps v2's context on --target stateless-v1 too (review 40 R40-13).
      const v2 = sdkMajorOfFile(sf) === 2;
      if (!v2 && params && !ts.isObjectLiteralExpression(params)) {
        // SDK 1.x: the request's notification takes the same params object, whatever expression gives it.
        const ctx = contextParameter(site, 'extra');
        checkClosureSeesContext(site, ctx.name, analysis.values.checker);
        plan.edits.push(...ctx.edits, { file: sf.fileName, start: call.getStart(sf), end: call.end, text: `${ctx.name}.sendNotification({ method: 'notifications/message', params: ${call.arguments[0]!.getText(sf)} })` });
        fileNote(sf, SCOPED_V1);
        scoped++;
        return;
      }
      if (!params || !ts.isObjectLiteralExpression(params)) throw new CannotRewrite('the log message is not an object literal', call);
      const props = new Map<string, ts.Expression>();
      for (const p of params.properties) {
        if (!ts.isPropertyAssignment(p) && !ts.isShorthandPropertyAssignment(p)) throw new CannotRewrite('the log message spreads or computes its fields', call);
        const name = propertyNameText(p.name);
        if (!name || !['level', 'logger', 'data'].includes(name)) throw new CannotRewrite(`the log message has a \`${name}\` field`, call);
        props.set(name, ts.isPropertyAssignment(p) ? p.initializer : p.name);
      }
      if (!props.has('level') || !props.has('data')) throw new CannotRewrite('the log message has no level or no data', call);
      const ctx = contextParameter(site, v2 ? 'ctx' : 'extra');
      checkClosureSeesContext(site, ctx.name, analysis.values.checker);
      plan.edits.push(...ctx.edits);
      const text = (name: string) => props.get(name)!.getText(sf);
      const replacement = v2
        ? `${ctx.name}.mcpReq.log(${text('level')}, ${text('data')}${props.has('logger') ? `, ${text('logger')}` : ''})`
        : `${ctx.name}.sendNotification({ method: 'notifications/message', params: ${params.getText(sf)} })`;
      plan.edits.push({ file: sf.fileName, start: call.getStart(sf), end: call.end, text: replacement });
      fileNote(sf, v2 ? SCOPED_V2 : SCOPED_V1);
      scoped++;
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
      const statement = outerStatement(call);
      if (!site && legacyStreams().length > 0) {
        addMarker(plan, call, RULE, `sendLoggingMessage outside a request, kept: it still reaches 2025-era clients on ${andList(legacyStreams())} connections (deprecated, working through the deprecation window), but 2026-07-28 clients never receive it (no request carries it). If it must be seen, also write it to stderr or OpenTelemetry; apply --modern-only turns it into a stderr line.`);
        kept++;
        return;
      }
      // A broadcast (`for (const { server } of connections.values()) server.server.sendLoggingMessage(…)`) sends one
      // message to each connection: its stderr line is one line for the event, written whether or not a client is
      // connected, so it replaces the whole loop; a loop that does more, or a message that reads what it iterates, is
      // marked (sweep 34 AH9: one identical line per legacy client, none when none was connected).
      const broadcast = statement ? broadcastLoop(call, analysis.values) : undefined;
      if (!site && statement && params && broadcast && (!broadcast.only || readsAny(params, broadcast.bound, analysis.values))) {
        addMarker(plan, call, RULE, `sendLoggingMessage once per connection of a loop (\`${broadcast.loop.getText(sf).split('\n')[0]!.trim().slice(0, 70)}\`): no client takes a log message outside a request on 2026-07-28, so the loop has no one to send to. Write the event once, outside the loop, to stderr or OpenTelemetry (${broadcast.only ? 'the message reads what the loop iterates' : 'the loop does other work too'}), then remove the send.`);
        return;
      }
      // Any other loop around the send (over keys looked up in the registry, an index into a copy of it: review 42
      // S42-2): a stderr line in its place would be written once per iteration, and not at all when the loop is empty.
      const loop = !broadcast && statement ? enclosingLoop(statement) : undefined;
      if (!site && statement && params && loop) {
        addMarker(plan, call, RULE, `sendLoggingMessage inside a loop (\`${loop.getText(sf).split('\n')[0]!.trim().slice(0, 70)}\`), outside any request: no client takes a log message outside a request on 2026-07-28. If the loop sends one event to each connection, write the event once, outside the loop, to stderr or OpenTelemetry, then remove the send; a line per iteration would repeat it per connection and vanish when none is connected.`);
        return;
      }
      if (!site && statement && params) {
        // Background logging: no request to carry it. stderr keeps the line; a person picks the real sink. A message on
        // lines of its own under the call moves up with it, its indentation with it (sweep 26 Z9).
        const replaced = broadcast ? broadcast.loop : statement.expression;
        const toStderr = { file: sf.fileName, start: replaced.getStart(sf), end: replaced.end, text: `console.error(JSON.stringify(${pulledUp(sf, call, params)}))${broadcast ? ';' : ''}` };
        plan.edits.push(toStderr);
        silenced.push(toStderr);
        // With --modern-only no client takes a log message outside a request, and stderr is the spec's
        // replacement (server/utilities/logging: stderr on stdio, or OpenTelemetry): the move is complete.
        // Otherwise a 2025-era client may still be waiting for it on a connection this program serves: marked.
        stderrFiles.push(sf.fileName);
        fileNote(sf, options.modernOnly ? 'background sendLoggingMessage → a stderr line' : 'background sendLoggingMessage → a stderr line (marked)');
        if (options.modernOnly) stderrDone++;
        else addMarker(plan, statement, RULE, 'logging outside a request: 2026-07-28 drops unsolicited notifications/message (Logging is deprecated, SEP-2577), so this now writes to stderr. Send it to OpenTelemetry or your logger, or log with ctx.mcpReq.log(level, data, logger) inside the handler whose work it describes.');
        stderr++;
        return;
      }
      addMarker(plan, call, RULE, `sendLoggingMessage not rewritten (${error.message}): inside a handler log with ctx.mcpReq.log(level, data, logger) (2026-07-28 delivers it only on that request's stream, when the request carries a log level); elsewhere log to stderr or OpenTelemetry.`);
    }
  });
  const handedOn = rewriteHandedOnSenders(result, plan, proxies);
  const toStderr = moveStdoutLogsToStderr(result, options, plan, silenced);
  const { removedCapabilities, removedIn } = settleLeftSites(result, plan, RULE, proxies, silenced, options.modernOnly);
  dropWithinRemovals(plan, setLevelRemovals);
  // What was done in each such file, for the report's per-file section (not the transform's general summary: sweep 23 W5).
  for (const file of removedIn) {
    const what = 'the logging capability removed: nothing in the server sends a log message (Logging is deprecated in 2026-07-28, SEP-2577)';
    if (!plan.fileNotes.some((n) => n.file === file && n.what === what)) plan.fileNotes.push({ file, what });
  }
  const removedSetLevel = setLevelRemovals.length;
  if (removedSetLevel) plan.notes.push(`logging: ${removedSetLevel === 1 ? 'a logging/setLevel handler' : `${removedSetLevel} logging/setLevel handlers`} removed (--modern-only: 2026-07-28 has no logging/setLevel, the level arrives with each request in _meta, and no 2025-era client is served)`);
  if (removedCapabilities) plan.notes.push(`logging: ${removedCapabilities === 1 ? 'the logging capability is' : `${removedCapabilities} logging capabilities are`} no longer declared: nothing in the server sends a log message (deprecated in 2026-07-28, SEP-2577)`);
  if (scoped) plan.notes.push(`logging: ${scoped} sendLoggingMessage call${scoped === 1 ? '' : 's'} in handlers now log on the request (2026-07-28 clients see them only when the request carries _meta io.modelcontextprotocol/logLevel)`);
  if (handedOn) plan.notes.push(`logging: ${handedOn} log sender${handedOn === 1 ? '' : 's'} handed on from a handler ${handedOn === 1 ? 'is' : 'are'} now the request's own log (ctx.mcpReq.log / extra.sendNotification)`);
  if (progress) plan.notes.push(`progress: ${progress} notifications/progress send${progress === 1 ? '' : 's'} through the server now ${progress === 1 ? 'goes' : 'go'} on the request ${progress === 1 ? 'it reports' : 'they report'} on (ctx.mcpReq.notify / extra.sendNotification)`);
  if (kept) plan.notes.push(`logging: ${kept} background sendLoggingMessage call${kept === 1 ? '' : 's'} kept (marked): ${kept === 1 ? 'it reaches' : 'they reach'} 2025-era clients on ${andList(legacyStreams())} connections (deprecated, functional through the deprecation window); 2026-07-28 clients never receive ${kept === 1 ? 'it' : 'them'} — log to stderr or OpenTelemetry if they need to be seen, and remove ${kept === 1 ? 'it' : 'them'} with --modern-only`);
  if (toStderr.length) plan.notes.push(`logging: ${toStderr.length} notifications/message line${toStderr.length === 1 ? '' : 's'} the server wrote to stdout itself now ${toStderr.length === 1 ? 'goes' : 'go'} to stderr as a plain JSON log line, its level, logger and data kept (${perFile(result, toStderr)}; --modern-only: no 2025-era client reads them; stderr is a stdio server's log channel)`);
  if (stderr) plan.notes.push(`logging: ${stderr} background sendLoggingMessage call${stderr === 1 ? '' : 's'} (${perFile(result, stderrFiles)}) now write${stderr === 1 ? 's' : ''} to stderr${stderrDone === stderr ? ' (--modern-only: no client takes a log message outside a request; OpenTelemetry or your logger are the other sinks the spec names)' : ' (marked): choose OpenTelemetry or your logger'}`);
  return plan;
}

/**
 * The removal of a `logging/setLevel` handler registration under --modern-only: no 2025-era client is served, and a
 * 2026-07-28 client never sends logging/setLevel (the level comes with each request, and `ctx.mcpReq.log` honours it),
 * so the handler is dead code; the SDK installs its own while the logging capability is declared. Only a registration
 * that is a statement of its own with its handler written inline on SDK v2: a named handler declared elsewhere would be
 * left unused, and on SDK 1.x (which serves only 2025-era clients) there is no --modern-only.
 */
function setLevelRemoval(call: ts.CallExpression, options: TransformOptions): TextEdit | undefined {
  const sf = call.getSourceFile();
  if (options.target === 'stateless-v1' || sdkMajorOfFile(sf) !== 2) return undefined;
  const statement = call.parent;
  if (!ts.isExpressionStatement(statement) || unwrap(statement.expression) !== call || !inStatementList(statement)) return undefined;
  const handler = call.arguments[1] && unwrap(call.arguments[1]);
  if (call.arguments.length !== 2 || !handler || !(ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) return undefined;
  const range = removalRange(sf, statement);
  return { file: sf.fileName, start: range.start, end: range.end, text: '' };
}

/** What a later pass planned inside a removed handler (an edit, a marker) goes with it: the code is no longer there. */
function dropWithinRemovals(plan: TransformPlan, removals: ReadonlyArray<{ edit: TextEdit; sf: ts.SourceFile }>): void {
  if (!removals.length) return;
  const own = new Set(removals.map((r) => r.edit));
  // Inside: starting before the removal's end (a marker inserted at its end goes above the statement below: it stays).
  const within = (file: string, start: number, end: number): boolean => removals.some(({ edit }) => edit.file === file && edit.start <= start && end <= edit.end && start < edit.end);
  plan.edits = plan.edits.filter((e) => own.has(e) || !within(e.file, e.start, e.end));
  const lineStart = (sf: ts.SourceFile, line: number): number => sf.getPositionOfLineAndCharacter(line - 1, 0);
  plan.markers = plan.markers.filter((m) => !removals.some(({ edit, sf }) => edit.file === m.file && within(m.file, lineStart(sf, m.line), lineStart(sf, m.line))));
}

/** `src/a.ts (2), src/b.ts`: the files of `files` (one entry per site), relative to the project, in order of appearance. */
function perFile(result: AnalysisResult, files: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const file of files) counts.set(file, (counts.get(file) ?? 0) + 1);
  return [...counts].map(([file, n]) => `${result.relative(file)}${n > 1 ? ` (${n})` : ''}`).join(', ');
}

/**
 * `server.server.notification({ method: 'notifications/progress', … }[, { relatedRequestId: <this request> }])`
 * in a request handler → the request-scoped send. Anything else (another method, other options, a message
 * built elsewhere, outside a handler) is left alone: true when rewritten.
 */
function moveOntoRequest(result: AnalysisResult, call: ts.CallExpression, plan: TransformPlan): boolean {
  const { analysis } = result;
  const site = directHandler(analysis, call);
  const [message, sendOptions, ...rest] = call.arguments.map(unwrap);
  if (!site || !message || rest.length > 0 || !ts.isObjectLiteralExpression(message)) return false;
  const method = message.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'method');
  const methodName = method && analysis.values.constantString(method.initializer);
  if (!methodName || !REQUEST_SCOPED_NOTIFICATIONS.has(methodName)) return false;
  if (sendOptions && !relatesToThisRequest(result, sendOptions)) return false;
  const sf = call.getSourceFile();
  // The API is the file's SDK's: a file already on v2 keeps v2's context on --target stateless-v1 too (review 40 R40-13).
      const v2 = sdkMajorOfFile(sf) === 2;
  let ctx: { name: string; edits: TextEdit[] };
  try {
    ctx = contextParameter(site, v2 ? 'ctx' : 'extra');
  } catch (error) {
    if (error instanceof CannotRewrite) return false;
    throw error;
  }
  plan.edits.push(...ctx.edits);
  plan.edits.push({ file: sf.fileName, start: call.getStart(sf), end: call.end, text: `${ctx.name}.${v2 ? 'mcpReq.notify' : 'sendNotification'}(${pulledUp(sf, call, message)})` });
  return true;
}

/**
 * The message's text for its new place right after `(`: a message that sat on a line of its own,
 * indented under the call, moves up to the call's line, so its lines lose that extra indentation.
 */
function pulledUp(sf: ts.SourceFile, call: ts.CallExpression, message: ts.Node): string {
  const text = message.getText(sf);
  const column = sf.getLineAndCharacterOfPosition(message.getStart(sf)).character;
  const onOwnLine = sf.text.slice(call.arguments.pos, message.getStart(sf)).includes('\n');
  const shift = column - indentAt(sf.text, call.getStart(sf)).length;
  if (!onOwnLine || shift <= 0 || hasMultilineTemplate(message)) return text;
  const indentation = new RegExp(`\\n[ \\t]{0,${shift}}`, 'g');
  return text.replace(indentation, '\n');
}

/** A template literal written over several lines: its lines are text, which re-indenting would change (review 37 R5). */
function hasMultilineTemplate(node: ts.Node): boolean {
  if ((ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.getText().includes('\n')) return true;
  return ts.forEachChild(node, (child) => hasMultilineTemplate(child) || undefined) ?? false;
}

/**
 * The request id's member: on a v1 context (`extra.requestId`), and on the request part of a v2 one (`ctx.mcpReq.id`,
 * whose `ctx.mcpReq` the analysis calls a `context-request`).
 */
const V1_REQUEST_ID = handlerContextOf(1).requestId.at(-1);
const V2_REQUEST_ID = handlerContextOf(2).requestId.at(-1);

/** `{ relatedRequestId: extra.requestId }` / `{ relatedRequestId: ctx.mcpReq.id }`: the options name the handler's own request and nothing else. */
function relatesToThisRequest(result: AnalysisResult, node: ts.Node): boolean {
  if (!ts.isObjectLiteralExpression(node) || node.properties.length !== 1) return false;
  const only = node.properties[0]!;
  if (!ts.isPropertyAssignment(only) || propertyNameText(only.name) !== REQUEST_STREAM_OPTION) return false;
  const id = unwrap(only.initializer);
  if (!ts.isPropertyAccessExpression(id)) return false;
  const owner = result.analysis.values.valueOf(id.expression)?.kind;
  return (id.name.text === V1_REQUEST_ID && owner === 'context') || (id.name.text === V2_REQUEST_ID && owner === 'context-request');
}

/**
 * The SDK transports constructed in the program whose connection outlives a request, so a message
 * sent outside any request still reaches a 2025-era client on them: `stdio`, `HTTP+SSE`; the
 * framework servers started on one (FastMCP `server.start({ transportType: 'stdio' })`, from the
 * framework descriptions); and a Streamable HTTP endpoint the serving transform keeps sessionful (it marks it
 * instead of rewriting it): there a session's standalone GET stream still carries the message. An endpoint the
 * serving transform makes stateless has no such stream, so it is not one of them.
 */
function connectionTransports(result: AnalysisResult, options: TransformOptions): string[] {
  const found = new Set<string>(frameworkConnectionTransports(result.analysis, result.sourceFiles));
  if (planServingKeeping(result, options).keptSessions.length > 0) found.add('sessionful Streamable HTTP');
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile) continue;
    forEachDescendant(sf, (node) => {
      if (!ts.isNewExpression(node)) return;
      const value = result.analysis.values.valueOf(node);
      if (value?.kind !== 'transport' || !value.cls) return;
      if (STDIO_TRANSPORTS.has(value.cls)) found.add('stdio');
      if (SSE_TRANSPORTS.has(value.cls)) found.add('HTTP+SSE');
    });
  }
  return [...found].sort().reverse();
}

/**
 * The loop whose iteration binds the root of the call's receiver (`for (const { server } of connections.values())`,
 * `for (const s of servers)`, `servers.forEach((s) => …)`), as the statement to replace, with the names it binds and
 * whether the call's statement is all its body holds.
 */
function broadcastLoop(call: ts.CallExpression, values: AnalysisResult['analysis']['values']): { loop: ts.Statement; bound: ts.Symbol[]; only: boolean } | undefined {
  let root: ts.Node | undefined = ts.isPropertyAccessExpression(call.expression) ? call.expression.expression : undefined;
  while (root && (ts.isPropertyAccessExpression(root) || ts.isParenthesizedExpression(root) || ts.isNonNullExpression(root) || ts.isAsExpression(root))) root = root.expression;
  if (!root || !ts.isIdentifier(root)) return undefined;
  const decl = values.symbolOf(root)?.valueDeclaration;
  if (!decl) return undefined;
  let binder: ts.Node = decl;
  while (ts.isBindingElement(binder) || ts.isObjectBindingPattern(binder) || ts.isArrayBindingPattern(binder)) binder = binder.parent;
  const statement = outerStatement(call)!;
  const names = (node: ts.Node): ts.Symbol[] => {
    const out: ts.Symbol[] = [];
    forEachDescendant(node, (n) => {
      if (ts.isIdentifier(n) && (ts.isBindingElement(n.parent) || ts.isVariableDeclaration(n.parent) || ts.isParameter(n.parent)) && n.parent.name === n) {
        const symbol = values.symbolOf(n);
        if (symbol) out.push(symbol);
      }
    });
    if (ts.isIdentifier(node)) {
      const symbol = values.symbolOf(node);
      if (symbol) out.push(symbol);
    }
    return out;
  };
  const sole = (body: ts.Node): boolean => body === statement || (ts.isBlock(body) && body.statements.length === 1 && body.statements[0] === statement);
  // `for (const x of …)` / `for (const x in …)`
  if (ts.isVariableDeclaration(binder) && ts.isVariableDeclarationList(binder.parent) && (ts.isForOfStatement(binder.parent.parent) || ts.isForInStatement(binder.parent.parent))) {
    const loop = binder.parent.parent;
    return isInside(call, loop.statement) ? { loop, bound: names(binder.name), only: sole(loop.statement) } : undefined;
  }
  // `list.forEach((x) => …)` as a statement of its own
  if (ts.isParameter(binder) && (ts.isArrowFunction(binder.parent) || ts.isFunctionExpression(binder.parent))) {
    const fn = binder.parent;
    const each = fn.parent;
    if (!ts.isCallExpression(each) || !ts.isPropertyAccessExpression(each.expression) || each.expression.name.text !== 'forEach' || each.arguments[0] !== fn) return undefined;
    const loop = each.parent;
    if (!ts.isExpressionStatement(loop)) return undefined;
    return { loop, bound: fn.parameters.flatMap((p) => names(p.name)), only: sole(fn.body) };
  }
  return undefined;
}

/**
 * The loop the statement runs in, within its function: a `for`/`for…of`/`for…in`/`while`/`do` statement, or the call
 * of an iteration method (`list.forEach(…)`, `.map(…)`) whose callback it is in.
 */
function enclosingLoop(statement: ts.Node): ts.Node | undefined {
  for (let up: ts.Node | undefined = statement.parent; up; up = up.parent) {
    if (ts.isForStatement(up) || ts.isForOfStatement(up) || ts.isForInStatement(up) || ts.isWhileStatement(up) || ts.isDoStatement(up)) return up;
    if (isFunctionLike(up)) {
      const call = up.parent;
      if (call && ts.isCallExpression(call) && call.arguments.includes(up as ts.Expression) && ts.isPropertyAccessExpression(call.expression) && ITERATION_METHODS.has(call.expression.name.text)) return call;
      return undefined;
    }
  }
  return undefined;
}

/** Whether `node` reads one of `symbols`. */
function readsAny(node: ts.Node, symbols: readonly ts.Symbol[], values: AnalysisResult['analysis']['values']): boolean {
  let found = false;
  forEachDescendant(node, (n) => {
    if (!found && ts.isIdentifier(n) && symbols.includes(values.symbolOf(n)!)) found = true;
  });
  if (ts.isIdentifier(node) && symbols.includes(values.symbolOf(node)!)) found = true;
  return found;
}

/** `[await|void] <call>;` as a whole statement: the statement. */
function outerStatement(call: ts.CallExpression): ts.ExpressionStatement | undefined {
  let node: ts.Node = call;
  for (;;) {
    const parent = node.parent;
    if (parent && (ts.isAwaitExpression(parent) || ts.isVoidExpression(parent) || ts.isParenthesizedExpression(parent))) node = parent;
    // `void server.sendLoggingMessage(…).catch(() => {})`: the handler only swallows a failed send, which a stderr line
    // cannot have (sweep 26 Z4). A handler doing work of its own (`failures++`, review 37 R6), `.then` and `.finally`
    // keep the statement as it is.
    else if (parent && ts.isPropertyAccessExpression(parent) && parent.name.text === 'catch' && ts.isCallExpression(parent.parent) && parent.parent.expression === parent && onlySwallows(parent.parent.arguments[0])) node = parent.parent;
    else break;
  }
  return node.parent && ts.isExpressionStatement(node.parent) ? node.parent : undefined;
}

/** A `.catch` handler that does nothing but swallow or print the error: `() => {}`, `() => undefined`, `(e) => console.error(e)`. */
function onlySwallows(handler: ts.Expression | undefined): boolean {
  const fn = handler && unwrap(handler);
  if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return false;
  const printsOnly = (e: ts.Expression): boolean => {
    const inner = unwrap(e);
    if (isUndefined(inner) || inner.kind === ts.SyntaxKind.NullKeyword || (ts.isVoidExpression(inner) && ts.isLiteralExpression(unwrap(inner.expression)))) return true;
    return ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression) && ts.isIdentifier(inner.expression.expression) && inner.expression.expression.text === 'console';
  };
  if (!ts.isBlock(fn.body)) return printsOnly(fn.body);
  return fn.body.statements.every((st) => ts.isExpressionStatement(st) && printsOnly(st.expression));
}
