/**
 * The transforms `apply` knows, in the order it runs them. Each is a planner over the analysis
 * model (cross-file: it sees every tool and helper) and a jscodeshift transformer that applies
 * the plan to one file; `transforms/<name>.ts` re-exports the transformer for `npx jscodeshift -t`.
 */
import type { AnalysisResult } from '../analysis/engine.js';
import { planHandles } from './handles/plan.js';
import { planHandshake } from './protocol/handshake.js';
import { planLogging } from './protocol/logging.js';
import { planMrtr } from './protocol/mrtr.js';
import { planServerPush } from './protocol/deprecated.js';
import { createTransformer, type Transformer } from './jscodeshift.js';
import type { TransformOptions, TransformPlan } from './plan.js';

export { DEFAULT_TRANSFORM_OPTIONS, type TransformOptions } from './plan.js';

export interface TransformDefinition {
  name: string;
  summary: string;
  /** What it rewrites and what it leaves as a marker (shown by `mcp-migrate transforms`). */
  details: readonly string[];
  plan(result: AnalysisResult, options: TransformOptions): TransformPlan;
  transformer: Transformer;
}

/** A transform definition with its jscodeshift face made from its planner. */
export function defineTransform(definition: Omit<TransformDefinition, 'transformer'>): TransformDefinition {
  return { ...definition, transformer: createTransformer(definition.name, definition.plan) };
}

const handles = defineTransform({
  name: 'session-state-to-handles',
  summary: 'Session-keyed application state → explicit handle arguments, with a minting tool',
  details: [
    'every tool that reaches a session-keyed store gets a required <noun>_id argument (zod raw shape, z.object, JSON Schema)',
    'the session id becomes that handle at every read, through helpers and all their callers',
    'a create_<noun> tool mints handles (idempotency key, lifetime in its description); tools check the handle against the caller',
    'session-lifecycle cleanup becomes handle expiry; a generated mcp-handles module holds the registry',
    'a session id used only in logs becomes the request id',
    'markers: transport registries, per-session servers, per-session credentials, sites that cannot be rewritten safely',
  ],
  plan: planHandles,
});

const handshake = defineTransform({
  name: 'handshake-to-request-envelope',
  summary: 'Reliance on initialize → the per-request envelope',
  details: [
    'getClientCapabilities()/getClientVersion() in a handler (SDK v2) read ctx.mcpReq.envelope first, the initialize-scoped value as the 2025-era fallback',
    'markers: the same calls outside a handler, oninitialized hooks, registration gated on negotiated capabilities (register unconditionally)',
  ],
  plan: planHandshake,
});

const logging = defineTransform({
  name: 'logging-to-request-scope',
  summary: 'sendLoggingMessage → the request-scoped log (ctx.mcpReq.log; v1: extra.sendNotification)',
  details: [
    'in a handler: ctx.mcpReq.log(level, data, logger) (SDK v2) or extra.sendNotification({ method: \'notifications/message\', params }) (SDK 1.x)',
    'outside a handler: a stderr line (console.error) with a marker; logging/setLevel handlers: a marker',
  ],
  plan: planLogging,
});

const mrtr = defineTransform({
  name: 'sampling-elicitation-to-mrtr',
  summary: 'One awaited createMessage/elicitInput/listRoots in a tool → two-phase inputRequired/inputResponse',
  details: [
    'const r = await <request> (server, ctx or raw sendRequest/request forms) → return inputRequired({ inputRequests }) first, read inputResponse(ctx.mcpReq.inputResponses, k) on the retry',
    'locals held across the await travel in requestState sealed by createRequestStateCodec (key from MCP_REQUEST_STATE_KEY); the server gets requestState.verify',
    'markers: several requests, side effects or loops before the await, handlers other than registerTool, SDK 1.x (--target stateless-v1)',
  ],
  plan: planMrtr,
});

const serverPush = defineTransform({
  name: 'server-push-markers',
  summary: 'Subscriptions, list-changed side effects, tool toggles, ping, SSEServerTransport → markers with the replacement',
  details: [
    'markers: resources/subscribe handlers and sendResourceUpdated (subscriptions/listen, handler.notify), list-changed sends, enable()/disable() toggles (unconditional tools with handles), ping (remove), SSEServerTransport (createMcpHandler)',
  ],
  plan: planServerPush,
});

/** In the order `apply` runs them: each plans from a fresh analysis of the previous one's output. */
export const TRANSFORMS: readonly TransformDefinition[] = [handles, handshake, logging, mrtr, serverPush];

export function transformByName(name: string): TransformDefinition | undefined {
  return TRANSFORMS.find((t) => t.name === name);
}

export const handlesTransformer = handles.transformer;
export const handshakeTransformer = handshake.transformer;
export const loggingTransformer = logging.transformer;
export const mrtrTransformer = mrtr.transformer;
export const serverPushTransformer = serverPush.transformer;
