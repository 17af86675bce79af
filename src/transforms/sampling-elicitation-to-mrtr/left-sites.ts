/**
 * The sampling, elicitation and roots sites the two-phase rewrite does not reach: a sender handed on
 * as a function (`helper(server.server.elicitInput.bind(server.server))`), a call through a wrapper
 * the analysis follows, a request message built by hand for someone else to send. Each gets one
 * marker with advice that fits it, so after apply each is reported once, by its marker. So do the
 * feature's other 2025-era forms the SDK description names: an error class standing for the request
 * (`throw new UrlElicitationRequiredError(…)`, -32042) and a completion notifier
 * (`createElicitationCompletionNotifier(id)`): neither has a 2026-07-28 counterpart a rewrite could
 * put in place without the handler reading the answer on its retry (else it asks again, forever).
 */
import { ts } from '../../typescript.js';
import { forEachDescendant } from '../../analysis/ast.js';
import { handBuiltMessage } from '../../analysis/json-rpc-literals.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { describedFeature, INPUT_REQUEST_FEATURES, ruleOfFeature, serverMethodCall, type FeatureId, type FeatureUse } from '../../analysis/sdk-features.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { sdkMajorOfFile } from '../../analysis/sdk-modules.js';
import { addMarker, isMarked, markFrameworkSites } from '../kit/handler-sites.js';

/** Marks every site of the input-request features the plan neither rewrote nor marked; returns how many. */
export function markLeftSites(result: AnalysisResult, plan: TransformPlan, options: TransformOptions): number {
  const { analysis } = result;
  const handled = (node: ts.Node): boolean => isMarked(plan, node) || rewrittenBy(plan, node);
  let marked = 0;
  for (const feature of INPUT_REQUEST_FEATURES) {
    const rule = ruleOfFeature(feature);
    for (const use of analysis.features.uses(feature)) {
      if (handled(use.node)) continue;
      // A server's handler for the request never runs on either SDK line: no "stays on SDK 1.x" preface.
      addMarker(plan, use.node, rule, `${use.messageId === 'clientHandler' ? '' : staysOnV1(use.node.getSourceFile(), options)}${adviceFor(feature, use)}`);
      marked++;
    }
    const { errors = [], notifierMethods = [], inputRequest } = describedFeature(feature);
    const errorClasses = new Set(errors);
    const notifiers = new Set(notifierMethods);
    const messages = new Set(Object.keys(describedFeature(feature).messages ?? {}));
    for (const sf of result.sourceFiles) {
      if (sf.isDeclarationFile || (!errorClasses.size && !notifiers.size)) continue;
      forEachDescendant(sf, (node) => {
        if (ts.isNewExpression(node) && errorClasses.has(analysis.sdk.exportOf(node.expression)?.name ?? '') && !handled(node)) {
          addMarker(plan, node, rule, `${analysis.sdk.exportOf(node.expression)!.name} (-32042) was removed in 2026-07-28: the client is sent to the URL by an input request instead. Return inputRequired({ inputRequests: { k: inputRequired.${inputRequest?.urlBuilder ?? inputRequest?.builder}({ message, url }) } }) from the handler (it has no elicitationId) and, at the top of the handler, read inputResponse(ctx.mcpReq.inputResponses, 'k') so the retry continues instead of asking again; bookkeeping that remembered who was already asked goes (carry what the retry needs in requestState).`);
          marked++;
        } else if (ts.isCallExpression(node) && serverMethodCall(analysis, node, notifiers) && !handled(node)) {
          addMarker(plan, node, rule, `${calleeName(node)}() sends notifications/elicitation/complete, which 2026-07-28 removed (the notifier rejects on a 2026-era request): drop it. A URL elicitation is an input request the client answers on its retry (inputRequired.${inputRequest?.urlBuilder ?? inputRequest?.builder}({ message, url }), read with inputResponse(ctx.mcpReq.inputResponses, 'k')); correlate that retry with your own id in requestState.`);
          marked++;
        }
      });
    }
    for (const sf of result.sourceFiles) {
      if (sf.isDeclarationFile) continue;
      forEachDescendant(sf, (node) => {
        if (!ts.isObjectLiteralExpression(node)) return;
        const method = handBuiltMessage(analysis.values, node, (m) => messages.has(m));
        if (!method || handled(method)) return;
        const named = analysis.values.constantString(method);
        addMarker(plan, method, rule, `${named ? `${/^[aeiou]/i.test(named) ? 'an' : 'a'} ${named}` : 'a'} request built by hand: on 2026-07-28 the server asks the client only from inside a request handler, as an input request: return inputRequired({ inputRequests: { k: inputRequired.${builderOf(feature)} } }) from the handler and read inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry.`);
        marked++;
      });
    }
  }
  // A framework's own sender (FastMCP `session.requestSampling()`): marked with the framework's advice.
  marked += markFrameworkSites(result, plan, INPUT_REQUEST_FEATURES.map(ruleOfFeature));
  return marked;
}

function calleeName(call: ts.CallExpression): string {
  return ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : call.expression.getText(call.getSourceFile());
}

/** `createMessage(params)`, `elicit(params)`, `listRoots()`: the builder replacing a feature's request. */
function builderOf(feature: FeatureId): string {
  return `${describedFeature(feature).inputRequest!.builder}(${feature === 'roots' ? '' : 'params'})`;
}

function adviceFor(feature: FeatureId, use: FeatureUse): string {
  const method = use.data?.method ?? describedFeature(feature).inputRequest!.builder;
  // A server's own handler for a request only a server sends (a mock answering `elicitation/create`, sweep 35 AI5).
  if (use.messageId === 'clientHandler') {
    return `a handler of ${method} on a server: ${method} is a request a server sends to the client, and no client sends it to a server, so this handler never runs (on SDK 1.x as on 2026-07-28, where the request exists only as an input request a handler returns: inputRequired.${builderOf(feature)}). Remove it, with whatever only it uses; if it stands in for a client in tests, move it to a test client.`;
  }
  // A handler of a notification the client sent (`notifications/roots/list_changed`): it asks nothing itself.
  if ((describedFeature(feature).handledMethods ?? []).includes(method)) {
    return `a handler of ${method}, which 2026-07-28 removed: no 2026-era client sends it, so it runs only for 2025-era clients (stdio, server-legacy), whose per-connection state it refreshes. Keep it while they are served, or drop it; a tool that needs the ${feature === 'roots' ? 'roots' : 'answer'} asks for them within its call: return inputRequired({ inputRequests: { k: inputRequired.${builderOf(feature)} } }) and read inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry.`;
  }
  // A notification of the feature sent by hand (`notification({ method: 'notifications/elicitation/complete' })`): nothing is asked.
  if (describedFeature(feature).messages?.[method] === 'notification') {
    const input = describedFeature(feature).inputRequest;
    return `${method} sent by hand, which 2026-07-28 removed (a 2026-era client never receives it): drop it. A URL elicitation is an input request the client answers on its retry (inputRequired.${input?.urlBuilder ?? input?.builder}({ message, url }), read with inputResponse(ctx.mcpReq.inputResponses, 'k')); correlate that retry with your own id in requestState.`;
  }
  const detached = ts.isPropertyAccessExpression(use.node.parent) && use.node.parent.name === use.node && !(ts.isCallExpression(use.node.parent.parent) && use.node.parent.parent.expression === use.node.parent);
  if (detached) {
    return `${method} handed on as a function: whoever calls it asks the client in the middle of the request, which 2026-07-28 does not allow. Have the handler return inputRequired({ inputRequests: { k: inputRequired.${builderOf(feature)} } }) and, on the retry, hand the helper the answer (inputResponse(ctx.mcpReq.inputResponses, 'k')) instead of the function.`;
  }
  return `${method}() asks the client in the middle of a request, which 2026-07-28 does not allow, and this shape is not rewritten automatically: return inputRequired({ inputRequests: { k: inputRequired.${builderOf(feature)} } }) from the request handler and read inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry${feature === 'sampling' ? ' (or call the LLM provider directly: Sampling is deprecated)' : ''}.`;
}

/** An edit of this plan replaces the code `node` starts in (its handler's request was rewritten). */
function rewrittenBy(plan: TransformPlan, node: ts.Node): boolean {
  const sf = node.getSourceFile();
  const at = node.getStart(sf);
  return plan.edits.some((e) => e.file === sf.fileName && e.start <= at && at < e.end);
}

/**
 * What a marker in a file that stays on SDK 1.x (`--target stateless-v1`, the SDK v2 move held back, a file left on 1.x)
 * says first: the request still reaches 2025-era clients there, and the advice after it is for the file on SDK v2, whose
 * `inputRequired`/`ctx.mcpReq` SDK 1.x does not have (sweep 35 AI3). Empty on SDK v2 (or a file importing nothing of
 * the SDK).
 */
export function staysOnV1(sf: ts.SourceFile, options: TransformOptions): string {
  if (options.target !== 'stateless-v1' && sdkMajorOfFile(sf) !== 1) return '';
  return 'This file stays on SDK 1.x, where this request still reaches 2025-era clients (stdio, a sessionful connection) and a 2026-07-28 client is never asked; SDK 1.x has no input requests, so what follows applies once the file is on SDK v2: ';
}
