/**
 * `handshake-to-request-envelope`: 2026-07-28 has no `initialize`, so nothing may wait for it.
 * - `getClientCapabilities()` / `getClientVersion()` in a request handler (SDK v2) read the
 *   request's own envelope first (`ctx.mcpReq.envelope[CLIENT_CAPABILITIES_META_KEY]`), falling
 *   back to the initialize-scoped value a 2025-era connection still has;
 * - the same calls outside a handler, `oninitialized` hooks (also installed by a computed name) and
 *   waits on a promise only such a hook resolves, and registration gated on the
 *   negotiated capabilities get a marker: register unconditionally (the SDK answers an embedded
 *   request the client did not declare with -32021) and move setup into the server factory;
 * - code answering the handshake itself (an `initialize` handler, request plumbing branching on
 *   it, `isInitializeRequest` on a transport's message, a gateway forwarding every message raw, a
 *   hand-built `InitializeResult`, client info parsed from `initialize` by hand) gets a marker: it
 *   runs for 2025-era clients only.
 * A file on SDK 1.x after the run (`--target stateless-v1`, which apply also uses when it holds the SDK v2 move back,
 * or a file the sdk-v2 step left on 1.x: `onSdkV1`) gets SDK 1.x's advice in these markers: a server per request
 * never sees the initialize, and a handler has only `extra`; no `ctx.era`, factory context or envelope (sweep 34 AH11).
 */
import { CLIENT_FACTS } from '../../analysis/initialize-params.js';
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, unwrap } from '../../analysis/ast.js';
import { checksTransportInitialize, fallbackInitialize, inInitializeRegistration, inPlumbingInitializeBranch, plumbingInitialize } from '../../analysis/initialize-handling.js';
import { guardingInitializeComparison, isHandBuiltInitializeResult, privateHandshakeField, rawForwarder } from '../../analysis/handshake-plumbing.js';
import { initializeParamsRead, initializeParse, reportedAt } from '../../analysis/initialize-params.js';
import { waitsForInitialized } from '../../analysis/initialized-waits.js';
import type { AnalysisResult, Analysis } from '../../analysis/model.js';
import { describedFeature, handlerRegistration, REGISTRATION_METHODS, ruleOfFeature, type FeatureId } from '../../analysis/sdk-features.js';
import { isServerKind } from '../../analysis/value.js';
import { RULE_ID } from '../../rule-ids.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { emptyPlan } from '../kit/plan.js';
import { indentUnit } from '../kit/source-style.js';
import type { TextEdit } from '../kit/edits.js';
import { addMarker, CannotRewrite, contextParameter, directHandler, forEachCall, importEdits, isMarked, isServerCall, markFrameworkSites } from '../kit/handler-sites.js';
import { sdkEntryPackage } from '../../analysis/sdk-modules.js';
import { possibleStrings } from '../../analysis/possible-strings.js';
import { adviceOnSdkV1, envelopeRead, needsParentheses, onSdkV1 } from './envelope-read.js';
import { registersOnly, ungateIntoHandlers } from './gate-into-handlers.js';
import { deadReadDeletion } from './dead-reads.js';
import { hoistHookRegistrations } from './hook-registrations.js';
import { deadFallbackBranch, type DeadBranch } from './dead-fallback-initialize.js';

/** The features whose values move from the handshake to each request's envelope. */
const HANDSHAKE_FEATURES: readonly FeatureId[] = ['client-capabilities', 'client-version'];
/** Handshake reads whose value each request's envelope carries on 2026-07-28 (`getClientCapabilities` → `CLIENT_CAPABILITIES_META_KEY`), with the rule reporting them. */
const KEYS: Record<string, { key: string; type: string; rule: string }> = Object.fromEntries(
  HANDSHAKE_FEATURES.flatMap((feature) => Object.entries(describedFeature(feature).envelope ?? {}).map(([method, envelope]) => [method, { ...envelope, rule: ruleOfFeature(feature) }])),
);
const METHODS = new Set(Object.keys(KEYS));
const CAPABILITIES_RULE = ruleOfFeature('client-capabilities');
/** The server's initialize hook (`oninitialized`), which never fires on 2026-07-28. */
const HOOKS = new Set(describedFeature('oninitialized').serverHooks);
const HOOK_RULE = ruleOfFeature('oninitialized');
/** The handshake's own methods (`initialize`), answered by a project handler. */
const INITIALIZE_METHODS = new Set(describedFeature('initialize').handledMethods);
const INITIALIZE_RULE = ruleOfFeature('initialize');
/** The rule reporting client info or version read from the `initialize` request by hand. */
const VERSION_RULE = ruleOfFeature('client-version');
/** The rule reporting the SDK's private handshake fields (`transport._initialized = true`). */
const PRIVATE_STATE_RULE = RULE_ID.privateState;
/** The handshake rules whose framework sites (FastMCP's `session.clientCapabilities`, …) this transform marks. */
const HANDSHAKE_RULES = [CAPABILITIES_RULE, ruleOfFeature('client-version'), HOOK_RULE, INITIALIZE_RULE, PRIVATE_STATE_RULE];

export function planHandshake(result: AnalysisResult, options: TransformOptions): TransformPlan {
  const plan = emptyPlan();
  plan.notes = [];
  const { analysis } = result;
  let rewritten = 0;
  let ungated = 0;
  let deleted = 0;
  let hoistedHooks = 0;
  /** Gates made unconditional by deleting the `if` and the `const`s feeding it (nothing else), with those edits. */
  const simpleGates = new Map<ts.IfStatement, TextEdit[]>();
  const gated = new Set<ts.IfStatement>();
  const removedGetters: ts.CallExpression[] = [];
  /** Capability reads feeding a gate that stays: marked with the gate's advice, not a second time as a read. */
  const gateReads: ts.CallExpression[] = [];
  // Gates first: the capability reads they delete get no marker.
  forEachCall(result.sourceFiles, (call) => {
    const { name, receiver } = calleeParts(call);
    if (!name || !REGISTRATION_METHODS.has(name) || !receiver || !isServerKind(analysis.values.valueOf(receiver))) return;
    const gate = capabilityGate(analysis, call);
    if (!gate || gated.has(gate)) return;
    gated.add(gate);
    const simple = unconditional(analysis, gate);
    if (simple) simpleGates.set(gate, simple.edits);
    const unwrapped = simple ?? ungateIntoHandlers(analysis, gate, options, { readOf: (read) => (isServerCall(analysis, read, METHODS) && read.arguments.length === 0 ? KEYS[calleeParts(read).name!] : undefined), pureRead: (node) => pureRead(analysis, node) });
    if (unwrapped) {
      plan.edits.push(...unwrapped.edits);
      removedGetters.push(...unwrapped.removedCalls);
      ungated++;
    } else {
      // One construct, one marker: on the capability reads that feed the gate (where scan reports
      // them), or on the gate when it reads them itself.
      const reads = capabilityReads(analysis, gate.expression, 0);
      const anchors = reads.length ? reads : [gate];
      const advice = adviceOnSdkV1(gate.getSourceFile(), options, result.sourceFiles) ? GATE_ADVICE_V1 : GATE_ADVICE;
      for (const anchor of anchors) {
        if (!isMarked(plan, anchor)) addMarker(plan, anchor, CAPABILITIES_RULE, anchor === gate || (anchor.pos >= gate.expression.pos && anchor.end <= gate.expression.end) ? advice : `${calleeParts(anchor as ts.CallExpression).name}() feeds the \`if\` below: ${advice}`);
      }
      gateReads.push(...reads);
    }
  });
  forEachCall(result.sourceFiles, (call) => {
    if (removedGetters.includes(call) || gateReads.includes(call)) return;
    const { name } = calleeParts(call);
    if (!isServerCall(analysis, call, METHODS)) return;
    const info = KEYS[name!]!;
    const sf = call.getSourceFile();
    // Already `envelope?.[KEY] ?? server.getClient…()`: the fallback for 2025-era connections.
    const parent = call.parent;
    if (parent && ts.isBinaryExpression(parent) && parent.right === call && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken && /\benvelope\b/.test(parent.left.getText(sf))) return;
    const site = directHandler(analysis, call);
    // Read into `const`s nothing reads any more: they go, and the finding with them.
    const dead = site ? undefined : deadReadDeletion(analysis, call, (node) => pureRead(analysis, node));
    if (dead) {
      plan.edits.push(...dead.edits);
      removedGetters.push(...dead.removedCalls);
      deleted++;
      return;
    }
    try {
      // SDK 1.x first: its advice holds wherever the read is (there is no envelope to read on 1.x, in a handler or not).
      if (onSdkV1(sf, options)) throw new CannotRewrite(adviceOnSdkV1(sf, options, result.sourceFiles) ? ON_SDK_V1 : 'the file imports nothing of the SDK, so the context it reads is not known to be SDK v2\'s', call);
      if (!site) throw new CannotRewrite('outside a request handler', call);
      const ctx = contextParameter(site, 'ctx');
      plan.edits.push(...ctx.edits);
      // Parenthesised where `… || {}` or `….roots` would otherwise bind to the handshake read alone.
      const parens = needsParentheses(call);
      plan.edits.push({ file: sf.fileName, start: call.getStart(sf), end: call.getStart(sf), text: `${parens ? '(' : ''}${envelopeRead(sf, ctx.name, info)} ?? ` });
      if (parens) plan.edits.push({ file: sf.fileName, start: call.end, end: call.end, text: ')' });
      plan.edits.push(...importEdits(sf, [info.key], sdkEntryPackage(2), [info.type]));
      rewritten++;
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
      const push = site || info.rule !== CAPABILITIES_RULE ? undefined : guardedPush(analysis, call);
      if (push) {
        addMarker(plan, call, info.rule, pushGuardAdvice(name!, push, adviceOnSdkV1(sf, options, result.sourceFiles)));
        return;
      }
      const stored = site ? undefined : storedByHook(analysis, call);
      if (stored) {
        addMarker(plan, call, info.rule, hookReadAdvice(name!, info.key, stored, adviceOnSdkV1(sf, options, result.sourceFiles)));
        return;
      }
      addMarker(plan, call, info.rule, handshakeReadAdvice(name!, error.message));
    }
  });
  const deadBranches = markInitializeHandling(result, plan, options);
  // `server.server.oninitialized = …`, ``server[`on${event}`] = …`` (a helper installing hooks by name),
  // and a wait on a promise only that hook resolves.
  // Every node below each file (the file itself is neither), in pre-order: the list the analysis recorded is replayed.
  for (const sf of result.sourceFiles) {
    const v1 = adviceOnSdkV1(sf, options, result.sourceFiles);
    forEachDescendant(sf, (node) => {
      if (installsInitializedHook(analysis, node)) {
        // Registrations in the hook move to where it is installed, when that provably changes nothing but their timing.
        const hoisted = ts.isBinaryExpression(node) && ts.isPropertyAccessExpression(node.left) ? hoistHookRegistrations(analysis, node, { isHandshakeRead: (call) => isServerCall(analysis, call, METHODS), removed: new Set(removedGetters), simpleGates }) : undefined;
        if (hoisted) {
          // A gate in the hook moves out whole: the edits that ungated it in place give way to the move.
          const absorbed = new Set(hoisted.absorbed);
          plan.edits = plan.edits.filter((edit) => !absorbed.has(edit));
          plan.edits.push(...hoisted.edits);
          hoistedHooks++;
        }
        if (!hoisted?.emptied) addMarker(plan, node, HOOK_RULE, v1 ? HOOK_ADVICE_V1 : HOOK_ADVICE);
      }
      const waited = ts.isAwaitExpression(node) ? node.expression : ts.isCallExpression(node) && calleeParts(node).name === 'then' ? calleeParts(node).receiver : undefined;
      if (waited && waitsForInitialized(analysis.values, waited) && !isMarked(plan, waited)) addMarker(plan, waited, HOOK_RULE, v1 ? WAIT_ADVICE_V1 : WAIT_ADVICE);
    });
  }
  const privateFields = markPrivateFields(result, plan, options);
  if (privateFields.sites) {
    const names = [...privateFields.names].map((n) => `\`${n}\``).join(', ');
    plan.notes.push(`handshake: ${privateFields.sites} site${privateFields.sites === 1 ? '' : 's'} using the SDK's private handshake field${privateFields.names.size === 1 ? '' : 's'} ${names} marked`);
  }
  const framework = markFrameworkSites(result, plan, HANDSHAKE_RULES);
  if (framework) plan.notes.push(`handshake: ${framework} framework site${framework === 1 ? '' : 's'} reading the handshake (e.g. FastMCP session.clientCapabilities) marked`);
  // Last: a branch another edit of this plan reaches into is marked instead of removed.
  removeDeadBranches(result, plan, deadBranches);
  if (rewritten) plan.notes.push(`handshake: ${rewritten} getClientCapabilities()/getClientVersion() call${rewritten === 1 ? '' : 's'} in handlers read the request envelope first`);
  if (deleted) plan.notes.push(`handshake: ${deleted} unread capability/client-info read${deleted === 1 ? '' : 's'} (pure \`const\`s nothing uses) deleted`);
  if (hoistedHooks) plan.notes.push(`handshake: registrations made in ${hoistedHooks} oninitialized hook${hoistedHooks === 1 ? '' : 's'} now run when the server is built (a 2026-07-28 client never fires the hook)`);
  if (ungated) plan.notes.push(`handshake: ${ungated} capability-gated registration${ungated === 1 ? ' is' : 's are'} now unconditional (the SDK answers an embedded request the client did not declare with -32021)`);
  if (gated.size > ungated) plan.notes.push(`handshake: ${gated.size - ungated} capability-gated registration${gated.size - ungated === 1 ? '' : 's'} marked: register unconditionally`);
  return plan;
}

/**
 * The request this server sends the client on its own (`elicitInput()`, `listRoots()`, `createMessage()`,
 * outside any request handler) that a capability read outside a handler sits beside: in the same function,
 * or, for a method, the same class (`supportsElicitation()` guarding `requestConfirmation()`). Such a read
 * is the guard of a push only a 2025-era connection can carry, not a read to move into a handler.
 */
function guardedPush(analysis: Analysis, read: ts.CallExpression): string | undefined {
  let scope: ts.Node | undefined = read.parent;
  while (scope && !ts.isSourceFile(scope) && !(ts.isFunctionLike(scope) && !ts.isMethodDeclaration(scope)) && !ts.isClassLike(scope)) scope = scope.parent;
  if (!scope || ts.isSourceFile(scope)) return undefined;
  // A method's class holds the push the method guards.
  if (ts.isFunctionLike(scope) && ts.isClassLike(scope.parent)) scope = scope.parent;
  let found: string | undefined;
  forEachDescendant(scope, (node) => {
    if (found || !ts.isCallExpression(node) || !analysis.features.inputRequestAt(node) || directHandler(analysis, node)) return;
    found = calleeParts(node).name ?? node.expression.getText();
  });
  return found;
}

/**
 * The names of the outer variables an `oninitialized` hook around `read` assigns (context7's
 * `stdioClientInfo = { ide: clientVersion.name, … }`): what the handshake leaves for the handlers, never
 * set for a 2026-07-28 client. Undefined when the read is in no hook; empty when the hook stores nothing.
 */
function storedByHook(analysis: Analysis, read: ts.CallExpression): string[] | undefined {
  let hook: ts.Node | undefined = read.parent;
  while (hook && !(ts.isFunctionLike(hook) && hook.parent && ts.isBinaryExpression(hook.parent) && hook.parent.right === hook && installsInitializedHook(analysis, hook.parent))) hook = hook.parent;
  if (!hook) return undefined;
  const names = new Set<string>();
  forEachDescendant(hook, (node) => {
    if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isIdentifier(node.left)) return;
    const decl = analysis.values.symbolOf(node.left)?.valueDeclaration;
    if (decl && (decl.pos < hook!.pos || decl.end > hook!.end)) names.add(node.left.text);
  });
  return [...names];
}

/**
 * What SDK 1.x gives a handler instead of the handshake's client info and capabilities: nothing per request (2025-era
 * requests carry neither in `_meta`), so the client is unknown there; `extra` has the caller's identity where the
 * transport or auth provides one (sweep 34 AH11).
 */
const V1_PER_REQUEST =
  'SDK 1.x carries neither client info nor capabilities with a request: a handler treats the client as unknown and takes the caller\'s identity from what its request does carry (extra.authInfo?.clientId when authenticated, extra.requestInfo?.headers on HTTP)';
/** Said of SDK 1.x served as 2026-07-28 needs, as in handshakeReadAdvice: a server still served with sessions (stdio) does see initialize. */
const V1_STATELESS = 'once the server is served statelessly (a server per request, as 2026-07-28 needs)';

function hookReadAdvice(name: string, key: string, stored: readonly string[], v1: boolean): string {
  if (v1) {
    const hook = `${name}() in the oninitialized hook, on SDK 1.x: ${V1_STATELESS}, the hook runs on the server that takes notifications/initialized, a request of its own that never saw the initialize, so ${name}() is undefined here (see the hook's own marker); over stdio it still reads the client's initialize`;
    if (!stored.length) return `${hook}. ${V1_PER_REQUEST}; on SDK v2 it reads its own ctx.mcpReq.envelope?.[${key}].`;
    return `${hook}. What it stores (${stored.join(', ')}) is never set on the servers answering the client's other requests, so a request handler using it must not depend on it. ${V1_PER_REQUEST}. Keep this only for a connection served with sessions; on SDK v2 the handler reads its own ctx.mcpReq.envelope?.[${key}].`;
  }
  const hook = `${name}() in the oninitialized hook, which never fires for a 2026-07-28 client`;
  if (!stored.length) return `${hook}: this runs for 2025-era clients only (see the hook's own marker). A request handler that needs the client's identity or capabilities reads its own ctx.mcpReq.envelope?.[${key}].`;
  return `${hook}: what it stores (${stored.join(', ')}) is never set for them. Where a request handler uses that, read the request's own ctx.mcpReq.envelope?.[${key}] there instead, and keep this only as the 2025-era value.`;
}

function pushGuardAdvice(name: string, push: string, v1: boolean): string {
  if (v1) {
    return `${name}() decides whether to send ${push}(), a request the server sends the client on its own (not from a request handler): on SDK 1.x it reads the initialize of the connection this server serves, and ${V1_STATELESS}, the server has no such connection, so the read is undefined, the request is skipped and the code for a client without the capability runs instead: check that it is right without the answer (a confirmation that falls back to yes never asks). Keep it as the guard while a connection served with sessions (stdio) carries the push; asking the client from a tool call without sessions needs SDK v2 (inputRequired(...) returned from the handler, which checks ctx.mcpReq.envelope's CLIENT_CAPABILITIES_META_KEY there).`;
  }
  return `${name}() decides whether to send ${push}(), a request the server sends the client on its own (not an inputRequired result of a handler): only a 2025-era connection carries it, and for a 2026-07-28 client this read is undefined, so the request is skipped and the code for a client without the capability runs instead: check that it is right without the answer (a confirmation that falls back to yes never asks a 2026-07-28 client). Keep it as the legacy guard while the push stays; when ${push}() itself becomes inputRequired(...) returned from a request handler, check ctx.mcpReq.envelope's CLIENT_CAPABILITIES_META_KEY there and delete this read.`;
}

const GATE_ADVICE =
  'registration gated on the client capabilities from initialize, which 2026-07-28 does not have: register unconditionally (tool lists must not vary per connection); the SDK refuses an embedded inputRequired request the calling client did not declare with -32021, or check ctx.mcpReq.envelope in the handler.';
const GATE_ADVICE_V1 = `registration gated on the client capabilities from initialize: ${V1_STATELESS}, the server answering a request never saw the initialize, so the capabilities are undefined there and the gated tools are never listed. Register unconditionally (tool lists must not vary per connection); SDK 1.x carries no capabilities with a request, so a handler that needs one answers an error result when what it asks of the client fails (on SDK v2 it checks ctx.mcpReq.envelope).`;
const HOOK_ADVICE =
  "oninitialized never fires for a 2026-07-28 client (there is no initialize): move this work into the server factory, or do it lazily in the handler that needs it; registration here becomes unconditional in the factory. Keep it only for 2025-era connections (if (ctx.era !== 'modern') in a factory taking McpRequestContext).";
/** On SDK 1.x (stateless-v1, or the SDK v2 move held back) there is no era, factory context or envelope: what breaks is the per-request server (sweep 34 AH11). */
const HOOK_ADVICE_V1 = `oninitialized on SDK 1.x runs when a client sends notifications/initialized: ${V1_STATELESS}, that notification is a request of its own, taken by a fresh server that never saw the initialize and serves nothing after it, so this work never reaches the servers answering the client's other requests (over stdio, one server for the process, it still runs once). Move it into the server factory, or do it lazily in the handler that needs it, from what that request carries (extra: _meta, authInfo, requestInfo on HTTP); registration here becomes unconditional in the factory.`;
const WAIT_ADVICE =
  'waits for a promise only the initialized hook resolves: a 2026-07-28 client never sends the handshake, so this request would wait forever. Start the set-up in the server factory or lazily on the first request that needs it (and await that), reading client info per request from ctx.mcpReq.envelope.';
const WAIT_ADVICE_V1 = `waits for a promise only the initialized hook resolves: ${V1_STATELESS}, the server answering this request never takes notifications/initialized, so the request would wait forever. Start the set-up in the server factory or lazily on the first request that needs it (and await that), from what the request itself carries (extra).`;

/**
 * The SDK's private handshake fields, one marker per statement: forcing `_initialized` on a rebuilt
 * session's transport, or reading what `initialize` stored on a server.
 */
function markPrivateFields(result: AnalysisResult, plan: TransformPlan, options: TransformOptions): { sites: number; names: Set<string> } {
  let marked = 0;
  const names = new Set<string>();
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile) continue;
    const v1 = adviceOnSdkV1(sf, options, result.sourceFiles);
    forEachDescendant(sf, (node) => {
      if (!ts.isPropertyAccessExpression(node) && !ts.isElementAccessExpression(node)) return;
      const field = privateHandshakeField(result.analysis.values, node);
      if (!field || isMarked(plan, node)) return;
      const assignment = node.parent && ts.isBinaryExpression(node.parent) && node.parent.left === node && node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
      addMarker(
        plan,
        node,
        PRIVATE_STATE_RULE,
        v1
          ? field.name === '_initialized' && assignment
            ? "forces the SDK's private _initialized flag so a rebuilt session's transport skips the initialize check: served without sessions, as 2026-07-28 needs, there is nothing to rebuild. On SDK 1.x serve each request with a fresh server and a transport created with sessionIdGenerator: undefined (it checks no initialize) and delete this reconstruction; keep it only on a path served with sessions (2025-era)."
            : `${field.name} is private SDK state that initialize sets: ${V1_STATELESS}, the server answering a request never saw the initialize, so it is unset there. ${V1_PER_REQUEST}; on SDK v2 a handler reads its own envelope (ctx.mcpReq.envelope, CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY).`
          : field.name === '_initialized' && assignment
          ? 'forces the SDK\'s private _initialized flag so a rebuilt session\'s transport skips the initialize check: 2026-07-28 has neither sessions nor initialize, so there is nothing to rebuild. Serve each request with createMcpHandler (a fresh server per request) and delete this reconstruction; keep it only on a legacy (2025-era) path.'
          : `${field.name} is private SDK state that initialize sets, never set for a 2026-07-28 client: read the request's own envelope in the handler (ctx.mcpReq.envelope, CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY) instead.`,
      );
      marked++;
      names.add(field.name);
    });
  }
  return { sites: marked, names };
}

/** `x.oninitialized = …` or `x[name] = …` where `name` may be `oninitialized`, on a server. */
function installsInitializedHook(analysis: Analysis, node: ts.Node): boolean {
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
  const target = node.left;
  if (ts.isPropertyAccessExpression(target)) return HOOKS.has(target.name.text) && isServerKind(analysis.values.valueOf(target.expression));
  if (!ts.isElementAccessExpression(target)) return false;
  return !!possibleStrings(analysis.values, target.argumentExpression)?.some((name) => HOOKS.has(name)) && isServerKind(analysis.values.valueOf(target.expression));
}

/**
 * The marker of a registered handshake handler, fitted to what its body does: what it reads from the handshake
 * (client info and capabilities come with every request; `initializationOptions` with none), and what an
 * `initialized` handler sets off (a request to the client, set-up), which never happens for a 2026-07-28 client.
 */
function initializeHandlerAdvice(method: string, handler: ts.Node | undefined, v1: boolean): string {
  const reads = new Set<string>();
  if (handler) {
    forEachDescendant(handler, (n) => {
      if (ts.isPropertyAccessExpression(n)) reads.add(n.name.text);
      else if (ts.isBindingElement(n)) reads.add((n.propertyName ?? n.name).getText());
    });
  }
  const parts = [`custom ${method} handler: 2026-07-28 clients never send the handshake, so it runs for 2025-era clients only.`];
  if (reads.has('initializationOptions')) {
    parts.push('It reads `initializationOptions`, which no 2026-07-28 request carries (the handshake is gone, and `_meta` has no such field): take that configuration from the server\'s own settings (environment, command line, a config file) or from the arguments of the tools that need it.');
  }
  if ([...CLIENT_FACTS].some((f) => reads.has(f)) || (method === 'initialize' && !reads.has('initializationOptions'))) {
    parts.push(
      v1
        ? `What it records (client info, capabilities, protocol version) comes once per connection: ${V1_STATELESS}, the server answering a later request never saw it. ${V1_PER_REQUEST}; on SDK v2 the handler that needs it reads ctx.mcpReq.envelope (CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY).`
        : 'What it records (client info, capabilities, protocol version) arrives with every request in _meta: read ctx.mcpReq.envelope (CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY) in the handler that needs it.',
    );
  }
  if (method !== 'initialize') {
    parts.push(
      v1
        ? `What it sets off once a client is initialized (a request to the client such as listRoots, set-up work) never happens for a 2026-07-28 client, and, ${V1_STATELESS}, it happens on a server that answers nothing else: do it in the server factory, or lazily in the request handler that needs it (a question to the client from a tools/call, as an inputRequired result, needs SDK v2).`
        : 'What it sets off once a client is initialized (a request to the client such as listRoots, set-up work) never happens for a 2026-07-28 client: do it in the server factory, or lazily in the request handler that needs it (a question to the client goes out from a tools/call as an inputRequired result).',
    );
  }
  parts.push('Keep this handler only for the legacy path (the SDK answers initialize itself).');
  return parts.join(' ');
}

/**
 * Code answering the handshake itself gets one marker: a registered `initialize` handler, a catch-all
 * `fallbackRequestHandler` branch, hand-written plumbing that answers, forwards or waits for it. None
 * runs for a 2026-07-28 client, so what it sets up must move to each request.
 */
function markInitializeHandling(result: AnalysisResult, plan: TransformPlan, options: TransformOptions): DeadBranch[] {
  const { analysis } = result;
  const deadBranches: DeadBranch[] = [];
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile) continue;
    const v1 = adviceOnSdkV1(sf, options, result.sourceFiles);
    forEachDescendant(sf, (node) => {
      if (ts.isCallExpression(node)) {
        const registration = handlerRegistration(analysis, node);
        if (registration && INITIALIZE_METHODS.has(registration.method)) {
          if (!isMarked(plan, node)) addMarker(plan, node, INITIALIZE_RULE, initializeHandlerAdvice(registration.method, node.arguments[node.arguments.length - 1], v1));
        } else if (checksTransportInitialize(analysis, node) && !isMarked(plan, node)) addMarker(plan, node, INITIALIZE_RULE, plumbingAdvice('initialize'));
        else if (initializeParse(analysis, node)) markInitializeRead(result, plan, node, v1);
      } else if (ts.isStringLiteral(node) && fallbackInitialize(analysis, node) && !isMarked(plan, node)) {
        const dead = deadFallbackBranch(result, node);
        if ('kept' in dead) addMarker(plan, node, INITIALIZE_RULE, fallbackAdvice(node.text, dead.kept));
        else deadBranches.push(dead);
      } else if (ts.isStringLiteral(node) && plumbingInitialize(analysis, node) && !isMarked(plan, node)) {
        addMarker(plan, node, INITIALIZE_RULE, plumbingAdvice(node.text));
      } else if (ts.isBinaryExpression(node)) {
        const at = rawForwarder(analysis.values, node);
        if (at && !isMarked(plan, at)) addMarker(plan, at, INITIALIZE_RULE, FORWARDED_ADVICE);
      } else if (ts.isPropertyAccessExpression(node)) {
        if (initializeParamsRead(analysis, node)) markInitializeRead(result, plan, node, v1);
      } else if (isHandBuiltInitializeResult(node) && !guardingInitializeComparison(node) && !inInitializeRegistration(analysis, node) && !isMarked(plan, node)) {
        addMarker(plan, node, INITIALIZE_RULE, ANSWERED_ADVICE);
      }
    });
  }
  return deadBranches;
}

/**
 * The dead handshake branches of catch-all handlers go, each with a note saying why it never ran. One that another
 * edit of this plan reaches into (a marker on a line inside it, a rewritten read) is marked instead: the two would not
 * apply together.
 */
function removeDeadBranches(result: AnalysisResult, plan: TransformPlan, branches: readonly DeadBranch[]): void {
  for (const { statement, edit } of branches) {
    const overlaps = plan.edits.some((other) => other.file === edit.file && other.start < edit.end && other.end > edit.start);
    const literal = fallbackMethodOf(statement);
    if (overlaps) {
      addMarker(plan, statement, INITIALIZE_RULE, fallbackAdvice(literal, 'another change of this run reaches into it'));
      continue;
    }
    plan.edits.push(edit);
    const sf = statement.getSourceFile();
    const line = sf.getLineAndCharacterOfPosition(statement.getStart(sf)).line + 1;
    plan.notes!.push(`handshake: ${result.relative(sf.fileName)}:${line} — the catch-all handler's \`${literal}\` branch removed: it never ran (the SDK's Server answers ${literal} with its own handler, registered in its constructor, and a catch-all handler gets only what no handler takes), and 2026-07-28 clients send no handshake`);
  }
}

function fallbackMethodOf(statement: ts.IfStatement): string {
  let method = 'initialize';
  forEachDescendant(statement.expression, (node) => {
    if (ts.isStringLiteral(node) && INITIALIZE_METHODS.has(node.text)) method = node.text;
  });
  return method;
}

/** A handshake branch of a catch-all handler that stays, and why (see dead-fallback-initialize.ts for when it goes). */
function fallbackAdvice(method: string, kept: string): string {
  return `catch-all handler branch for ${method}: the SDK's Server answers ${method} with its own handler, registered in its constructor, and a catch-all handler gets only what no handler takes, so this branch never runs while that handler is there; 2026-07-28 clients send no handshake at all. apply left it because ${kept}. Delete the branch (an \`else\` keeps its body) with what only it reads, and set up per request (or lazily) whatever it was meant to, reading version, capabilities and client info from each request's _meta.`;
}

function plumbingAdvice(method: string): string {
  return `request plumbing handles ${method} itself: 2026-07-28 clients never send the handshake, so this branch runs for 2025-era clients only and what it sets up here is missing for the others. Set that up for each request (or lazily on first use) and read version, capabilities and client info from each request's _meta; discovery is server/discover (or serve through the SDK's request handler).`;
}

const FORWARDED_ADVICE =
  "forwards every client message, initialize included, unchanged to an upstream (a child process, another server): the upstream is set up by the handshake of whichever client reached it, and 2026-07-28 clients send none. Have the gateway initialize its upstream itself when it starts it (or speak 2026-07-28 to it, each forwarded request carrying its client's _meta), and answer server/discover for its clients.";
const ANSWERED_ADVICE =
  'builds an InitializeResult by hand (protocolVersion, capabilities, serverInfo): 2026-07-28 clients never send initialize. Declare the capabilities and server info on the McpServer (the SDK answers server/discover, and initialize for 2025-era clients) and keep this answer, if at all, on the legacy path only.';
const INITIALIZE_READ_ADVICE =
  "client info, capabilities or protocol version taken from the initialize request by hand: 2026-07-28 clients send no initialize, so this is never set for them. Read them where they are needed from each request's _meta (ctx.mcpReq.envelope with CLIENT_INFO_META_KEY / CLIENT_CAPABILITIES_META_KEY in an SDK handler; params._meta['io.modelcontextprotocol/clientInfo'] in hand-written plumbing) instead of keeping them from the handshake.";

const INITIALIZE_READ_ADVICE_V1 = `client info, capabilities or protocol version taken from the initialize request by hand: 2026-07-28 clients send no initialize, and, ${V1_STATELESS}, the code answering a 2025-era client's later requests never sees the one it sent. Read them where they are needed from each request's _meta instead (params._meta['io.modelcontextprotocol/clientInfo'] in hand-written plumbing); ${V1_PER_REQUEST}, and on SDK v2 reads ctx.mcpReq.envelope (CLIENT_INFO_META_KEY / CLIENT_CAPABILITIES_META_KEY).`;

/** A read of the initialize request's params by hand, marked where the scan reports it (the calls of the helper returning it, or the read). */
function markInitializeRead(result: AnalysisResult, plan: TransformPlan, read: ts.Node, v1: boolean): void {
  const { analysis } = result;
  // Inside an initialize handler or plumbing branch, that site's marker stands for it.
  if (inInitializeRegistration(analysis, read) || inPlumbingInitializeBranch(analysis, read)) return;
  for (const node of reportedAt(analysis, read)) {
    if (!node.getSourceFile().isDeclarationFile && !isMarked(plan, node)) addMarker(plan, node, VERSION_RULE, v1 ? INITIALIZE_READ_ADVICE_V1 : INITIALIZE_READ_ADVICE);
  }
}

/** The `if` around a registration whose condition reads the negotiated client capabilities. */
function capabilityGate(analysis: Analysis, call: ts.CallExpression): ts.IfStatement | undefined {
  let current: ts.Node | undefined = call.parent;
  while (current && !ts.isSourceFile(current)) {
    if (ts.isIfStatement(current) && readsCapabilities(analysis, current.expression, 0)) return current;
    if (ts.isFunctionLike(current) && current.parent && ts.isCallExpression(current.parent)) return undefined;
    current = current.parent;
  }
  return undefined;
}

function readsCapabilities(analysis: Analysis, node: ts.Node, depth: number): boolean {
  return capabilityReads(analysis, node, depth).length > 0;
}

/** The `getClientCapabilities()`-style calls an expression reads, directly or through the `const`s it names, in source order. */
function capabilityReads(analysis: Analysis, node: ts.Node, depth: number): ts.CallExpression[] {
  if (depth > 3) return [];
  const found = new Set<ts.CallExpression>();
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && isServerCall(analysis, n, METHODS)) found.add(n);
    else if (ts.isIdentifier(n)) {
      const decl = analysis.values.symbolOf(n)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer) for (const call of capabilityReads(analysis, unwrap(decl.initializer), depth + 1)) found.add(call);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return [...found].sort((a, b) => a.getStart() - b.getStart());
}

/**
 * `if (<reads capabilities>) { <registrations> }` with no else: the registrations, dedented, and the
 * `const`s that only fed the condition (capability reads) deleted. Undefined when the block does more.
 */
function unconditional(analysis: Analysis, gate: ts.IfStatement): { edits: TextEdit[]; removedCalls: ts.CallExpression[] } | undefined {
  if (gate.elseStatement || !ts.isBlock(gate.thenStatement) || gate.thenStatement.statements.length === 0) return undefined;
  if (!ts.isBlock(gate.parent)) return undefined;
  if (!registersOnly(analysis, gate.thenStatement)) return undefined;
  const sf = gate.getSourceFile();
  const unit = indentUnit(sf.text);
  const inner = gate.thenStatement.statements;
  const body = sf.text.slice(inner[0]!.getFullStart(), inner[inner.length - 1]!.end).replace(/^\r?\n/, '');
  const dedented = body
    .split('\n')
    .map((line) => (line.startsWith(unit) ? line.slice(unit.length) : line))
    .join('\n')
    .trimStart();
  // The gate's own comment ("If so, register …") goes with it.
  const gateComments = ts.getLeadingCommentRanges(sf.text, gate.getFullStart()) ?? [];
  const gateStart = gateComments.length ? gateComments[0]!.pos : gate.getStart(sf);
  const edits: TextEdit[] = [{ file: sf.fileName, start: gateStart, end: gate.end, text: dedented }];
  // The consts that only fed the condition go too (a chain: caps → supportsX → the if).
  const removedCalls: ts.CallExpression[] = [];
  const block = gate.parent;
  const dead = new Set<ts.Node>([gate.expression]);
  for (let pass = 0; pass < 3; pass++) {
    for (const statement of block.statements) {
      if (!ts.isVariableStatement(statement) || dead.has(statement) || statement.declarationList.declarations.length !== 1) continue;
      const decl = statement.declarationList.declarations[0]!;
      if (!ts.isIdentifier(decl.name) || !decl.initializer || !(statement.declarationList.flags & ts.NodeFlags.Const) || !pureRead(analysis, decl.initializer)) continue;
      const declName = decl.name;
      const symbol = analysis.values.symbolOf(declName);
      let usedElsewhere = false;
      const visit = (node: ts.Node): void => {
        if (usedElsewhere || dead.has(node)) return;
        if (ts.isIdentifier(node) && node !== declName && node.text === declName.text && analysis.values.symbolOf(node) === symbol) usedElsewhere = true;
        ts.forEachChild(node, visit);
      };
      visit(block);
      if (usedElsewhere) continue;
      dead.add(statement);
      const lineStart = sf.text.lastIndexOf('\n', statement.getStart(sf) - 1) + 1;
      // Comments directly above the declaration describe it: they go with it.
      let start = lineStart;
      const leading = ts.getLeadingCommentRanges(sf.text, statement.getFullStart()) ?? [];
      if (leading.length) start = sf.text.lastIndexOf('\n', leading[0]!.pos - 1) + 1;
      const after = /^[ \t]*\r?\n(?:[ \t]*\r?\n)?/.exec(sf.text.slice(statement.end));
      edits.push({ file: sf.fileName, start, end: statement.end + (after ? after[0].length : 0), text: '' });
      const collect = (node: ts.Node): void => {
        if (ts.isCallExpression(node)) removedCalls.push(node);
        ts.forEachChild(node, collect);
      };
      collect(decl.initializer);
    }
  }
  // A const that fed the condition and is read elsewhere too (in a handler, say) would now be read
  // before any client exists: leave the whole gate to a person.
  let live = false;
  const check = (node: ts.Node): void => {
    if (live) return;
    if (ts.isIdentifier(node)) {
      const decl = analysis.values.symbolOf(node)?.valueDeclaration;
      const statement = decl && ts.isVariableDeclaration(decl) ? decl.parent.parent : undefined;
      if (statement && statement.parent === block && !dead.has(statement)) live = true;
    }
    ts.forEachChild(node, check);
  };
  check(gate.expression);
  if (live) return undefined;
  return { edits, removedCalls };
}

/** Capability reads and arithmetic over them: nothing that could have an effect. */
function pureRead(analysis: Analysis, node: ts.Node): boolean {
  if (ts.isCallExpression(node)) return isServerCall(analysis, node, METHODS) && node.arguments.length === 0;
  if (ts.isIdentifier(node) || ts.isLiteralExpression(node) || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isPropertyAccessExpression(node) || ts.isBinaryExpression(node) || ts.isParenthesizedExpression(node) || ts.isPrefixUnaryExpression(node) || ts.isObjectLiteralExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) {
    let ok = true;
    ts.forEachChild(node, (child) => {
      if (ok && !ts.isIdentifier(child) && !ts.isToken(child) && !ts.isTypeNode(child) && !pureRead(analysis, child)) ok = false;
    });
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return false;
    return ok;
  }
  return false;
}

/** Why a handshake read stays on SDK 1.x (the code is not moved to v2, or the target is `stateless-v1`). */
const ON_SDK_V1 = 'SDK 1.x has no per-request envelope';

/** The marker text for a handshake read left in place, by why it was left. */
function handshakeReadAdvice(name: string, reason: string): string {
  if (reason === ON_SDK_V1) {
    // Said of what stateless serving will do, not of what the code does now: a server still served with sessions (an
    // McpAgent, a sessionful endpoint kept) does see initialize today (sweep 11 J4).
    return `${name}() on SDK 1.x reads what the client sent in its initialize: once the server is served statelessly (a server per request, as 2026-07-28 needs), the server answering a request never sees an initialize, so ${name}() is undefined there. Do not depend on it (treat the client as unknown; if this only gated a registration, register unconditionally and delete it), or move to SDK v2 and read ctx.mcpReq.envelope in the handler (CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY).`;
  }
  const where = reason === 'outside a request handler' ? 'is read outside a request handler' : `is left here (${reason})`;
  return `${name}() ${where}: 2026-07-28 has no initialize, every request carries the client's capabilities and identity in its own _meta envelope. Read ctx.mcpReq.envelope in the handler that needs it (CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY); if this only gated a registration, register unconditionally and delete it.`;
}
