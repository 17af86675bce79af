/**
 * A log sender a request handler hands on: `helper(server.sendLoggingMessage.bind(server), …)` in a
 * tool callback. The helper logs while it does that request's work, so what it is handed becomes the
 * request's own log, a function of the same shape:
 * - v2: `(message) => ctx.mcpReq.log(message.level, message.data, message.logger)`;
 * - SDK 1.x: `(params) => extra.sendNotification({ method: 'notifications/message', params })`, the
 *   notification travelling on the request's response stream.
 * Only where the place it is handed to says what it takes (a typed parameter, in TS or JSDoc), so the
 * new function's parameter is typed by it; everything else keeps its marker (left-sites.ts).
 */
import { ts } from '../../typescript.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { sdkMajorOfFile } from '../../analysis/sdk-modules.js';
import type { TextEdit } from '../kit/edits.js';
import type { TransformPlan } from '../kit/plan.js';
import { CannotRewrite, contextParameter } from '../kit/handler-sites.js';
import { checkClosureSeesContext, requestSite } from './request-sites.js';
import type { LevelProxies } from './level-proxies.js';

/** Rewrites each log sender handed on inside a request handler; returns how many. */
export function rewriteHandedOnSenders(result: AnalysisResult, plan: TransformPlan, proxies: LevelProxies): number {
  const { analysis } = result;
  let rewritten = 0;
  for (const use of analysis.features.uses('logging')) {
    const access = use.node.parent;
    if (use.messageId === 'raw' || !access || !ts.isPropertyAccessExpression(access) || access.name !== use.node) continue;
    const sender = boundSender(access);
    // A server whose sender the project replaced with its level filter (level-proxies.ts): the request's log would skip it.
    if (!sender || !takesAFunction(analysis.values.checker, sender) || proxies.proxied(access.expression)) continue;
    const site = requestSite(analysis, sender);
    if (!site) continue;
    const sf = sender.getSourceFile();
    // The API is the file's SDK's: a file already on v2 keeps v2's context on --target stateless-v1 too (review 40 R40-13).
      const v2 = sdkMajorOfFile(sf) === 2;
    let ctx: { name: string; edits: TextEdit[] };
    try {
      ctx = contextParameter(site, v2 ? 'ctx' : 'extra');
      checkClosureSeesContext(site, ctx.name, analysis.values.checker);
    } catch (error) {
      if (error instanceof CannotRewrite) continue;
      throw error;
    }
    const param = v2 ? (ctx.name === 'message' ? 'logMessage' : 'message') : ctx.name === 'params' ? 'logParams' : 'params';
    const replacement = v2
      ? `(${param}) => ${ctx.name}.mcpReq.log(${param}.level, ${param}.data, ${param}.logger)`
      : `(${param}) => ${ctx.name}.sendNotification({ method: 'notifications/message', ${param === 'params' ? 'params' : `params: ${param}`} })`;
    plan.edits.push(...ctx.edits, { file: sf.fileName, start: sender.getStart(sf), end: sender.end, text: replacement });
    rewritten++;
  }
  return rewritten;
}

/**
 * The sender as handed on: `x.sendLoggingMessage.bind(x)` (bound to its own receiver) or the bare
 * `x.sendLoggingMessage`. Undefined when it is called right there or bound to something else.
 */
function boundSender(access: ts.PropertyAccessExpression): ts.Expression | undefined {
  const parent = access.parent;
  if (ts.isCallExpression(parent) && parent.expression === access) return undefined;
  if (!ts.isPropertyAccessExpression(parent) || parent.expression !== access) return access;
  const call = parent.parent;
  if (parent.name.text !== 'bind' || !ts.isCallExpression(call) || call.expression !== parent || call.arguments.length !== 1) return undefined;
  const sf = access.getSourceFile();
  return call.arguments[0]!.getText(sf) === access.expression.getText(sf) ? call : undefined;
}

/** The sender sits where a function is expected: the new arrow's parameter takes its type from there. */
function takesAFunction(checker: ts.TypeChecker, sender: ts.Expression): boolean {
  const expected = checker.getContextualType(sender);
  return !!expected && expected.getCallSignatures().some((signature) => signature.parameters.length >= 1);
}
