/**
 * What each category means for MCP 2026-07-28 and how to migrate, in the
 * words a reviewer reads in MIGRATION.md and in SARIF rule help. Kept in one
 * place so the Markdown and SARIF outputs never drift apart. Backticks mark
 * code (the texts are Markdown-ready).
 *
 * Facts follow shared/reference/spec-2026-07-28.md (wire changes a1–a25,
 * SDK mapping b, state handles c).
 */
import type { Category } from '../model.js';

export interface CategoryGuide {
  /** Short heading, sentence case. */
  title: string;
  /** What breaks or changes under 2026-07-28. */
  meaning: string;
  /** What to do about it. */
  migration: string;
}

export const CATEGORY_GUIDE: Readonly<Record<Category, CategoryGuide>> = {
  'session-transport': {
    title: 'Sessionful transport setup and routing',
    meaning:
      '2026-07-28 removes sessions at every layer: a modern server ignores an incoming `Mcp-Session-Id`, ' +
      'never mints or echoes one, and answers GET and DELETE on its endpoint with 405. ' +
      'Stream resumability (`Last-Event-ID`, event stores) is removed too, and the HTTP+SSE transport is deprecated.',
    migration:
      "Serve both eras with the v2 SDK's `createMcpHandler(buildServer)` behind `toNodeHandler` (or `serveStdio` on stdio), " +
      'and delete the transport map, `sessionIdGenerator`, the `onsession*` callbacks, `eventStore` and the GET/DELETE routes. ' +
      '`mcp-migrate apply` rewrites the SDK boilerplate; custom session cleanup and CORS headers naming `mcp-session-id` need a person.',
  },
  'session-state': {
    title: 'State and identity keyed by the session',
    meaning:
      'State that spans requests must be named by an explicit identifier the client sends on every request. ' +
      'The session id is `undefined` on 2026-07-28 requests, so stores, per-session server instances and credentials keyed by it stop working.',
    migration:
      'Replace the session key with a state handle: a `create_<thing>` tool mints an opaque id, every stateful tool takes it as a required argument, ' +
      'and each lookup checks it against the caller and its expiry. ' +
      'Keep the store where every instance can read it (an in-process `Map` only works in a single process); ' +
      'state needed only between the rounds of one call belongs in `requestState`, and session ids in logs should become a request id or the auth principal.',
  },
  handshake: {
    title: 'Reliance on the initialize handshake',
    meaning:
      'There is no `initialize` any more: protocol version, client capabilities and client info travel in `_meta` on every request, ' +
      'and a server must not infer capabilities from earlier requests. ' +
      '`oninitialized` never fires on a modern connection, custom `initialize` handlers are never reached, ' +
      'and `getClientCapabilities()` / `getClientVersion()` are deprecated.',
    migration:
      'Read the per-request envelope (`ctx.mcpReq.envelope`) inside the handler, move set-up work into the server factory or do it lazily per request, ' +
      'and register tools unconditionally, because lists must not vary per connection.',
  },
  'deprecated-feature': {
    title: 'Roots, sampling and logging',
    meaning:
      'Roots, sampling and logging are deprecated (SEP-2577) and may be removed in a revision on or after 2027-07-28; ' +
      '`logging/setLevel` and `notifications/roots/list_changed` are removed already. ' +
      '`listRoots()` and `createMessage()` throw on a 2026-07-28 request, because roots and sampling survive only as input requests returned by a tool (`inputRequired`), ' +
      'and a log message may only travel on the response stream of a request that asked for it with a `logLevel` in `_meta`.',
    migration:
      'Take paths as tool arguments or configuration instead of roots, call the LLM provider directly instead of sampling ' +
      '(or split the handler into two `inputRequired` phases), and log to stderr or OpenTelemetry.',
  },
  'server-push': {
    title: 'Server-to-client requests and notifications',
    meaning:
      'Server-initiated requests are gone: elicitation survives only as an input request returned by a tool (MRTR), ' +
      'without `elicitationId`, `notifications/elicitation/complete` or error `-32042`. ' +
      "`resources/subscribe` is replaced by the client's `subscriptions/listen` stream, `ping` is removed in both directions, " +
      'and tool, prompt and resource lists must not change as a side effect of another call.',
    migration:
      'Return `inputRequired(...)` and read `ctx.mcpReq.inputResponses` when the client retries; ' +
      "publish changes through the handler's `notify` on HTTP or the instance's `send*` methods under `serveStdio`; " +
      'list every tool unconditionally and gate it on a handle argument; rely on transport keep-alives instead of `ping()`.',
  },
  'handle-hygiene': {
    title: 'Weak state handles',
    meaning:
      "Without sessions a handle is the only name for cross-call state, and it passes through the model's context, " +
      "so a guessable handle, or one not bound to its caller, lets one client reach another's state: " +
      'possession of a handle must never count as authentication.',
    migration:
      'Mint handles from a CSPRNG with at least 128 bits (for example a type prefix plus base64url of 16 random bytes), ' +
      'key the state by principal and handle, give it a bounded lifetime stated in the minting tool description, ' +
      'and return a tool error (`isError: true`) naming the unknown or expired handle so the model can mint a new one.',
  },
};
