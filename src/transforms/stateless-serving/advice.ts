/**
 * What a serving marker tells a person to serve with instead. The advice depends on where the
 * migration ends: `createMcpHandler`/`toNodeHandler`/`serveStdio` exist only in SDK v2, so a
 * `--target stateless-v1` marker names the SDK 1.x idiom (a server and a transport per POST, 405 for
 * GET/DELETE), and a stdio marker never names the HTTP handler.
 */
import type { RouteFramework } from '../../analysis/routes.js';
import type { TransformOptions } from '../kit/plan.js';

type ServingKind = 'http' | 'stdio' | 'sse';

export interface AdviceContext {
  kind: ServingKind;
  target: TransformOptions['target'];
  modernOnly?: boolean;
  framework?: RouteFramework;
  /** The factory the advice names (`buildServer` when the server is not built by one yet). */
  factory?: string;
  /** The file serves Streamable HTTP too: new clients have their endpoint already. */
  besideStreamable?: boolean;
  /** An HTTP+SSE endpoint's routes as the marker lists them (`GET /mcp, POST /mcp`): the ones to remove. */
  routes?: string;
  /** The path the endpoint's route is registered on (`/` in a Hono sub-app mounted at /mcp); `/mcp` when unknown. */
  path?: string;
}

/**
 * The v1 idiom, spelled once: what `--target stateless-v1` rewrites to. `factory` may be the call itself (with the
 * request's values). The request is handed to the transport as the router has it: node's `req, res` (express, node:http),
 * fastify's raw pair after `reply.hijack()`, or a web-standard request (hono: `c.req.raw` for the SDK's web-standard
 * transport, `c` for @hono/mcp's; any other router on the web-standard transport: the `Request`, sweep 26 Z6).
 */
function perPostIdiom(factory: string, framework: RouteFramework | undefined): string {
  // A call already (`getServer(config)`), a closure over one (`() => getServer(config)`: its body is the call, sweep 24 X4),
  // or a factory's name (`buildServer`).
  const arrow = /^(?:async\s*)?\(\s*\)\s*=>\s*(?!\{)([\s\S]+)$/.exec(factory.trim());
  const call = arrow ? arrow[1]!.trim() : /^[\w$.]+\(/.test(factory) ? factory : `${factory}()`;
  const serve =
    framework === 'hono'
      ? '`await server.connect(transport); return transport.handleRequest(c.req.raw)` with a `WebStandardStreamableHTTPServerTransport` (`transport.handleRequest(c)` with @hono/mcp\'s `StreamableHTTPTransport`)'
      : framework === 'fastify'
        ? '`reply.hijack(); await server.connect(transport); await transport.handleRequest(req.raw, reply.raw, req.body)`'
        : framework === 'koa'
        ? '`await server.connect(transport); ctx.respond = false; await transport.handleRequest(ctx.req, ctx.res, ctx.request.body)`'
        : framework === 'web'
        ? '`await server.connect(transport); return transport.handleRequest(request, { parsedBody })` with a `WebStandardStreamableHTTPServerTransport`, which answers with a `Response`'
        : '`await server.connect(transport); await transport.handleRequest(req, res, req.body)`';
  return `On SDK 1.x, serve each POST with a new server from \`${call}\` and a new transport with \`sessionIdGenerator: undefined\` (${serve}, both closed when the response closes), and answer GET and DELETE with 405.`;
}

/** What the advice calls the server factory when the code has none it could name (sweep 6: a name given as if it existed). */
const PLACEHOLDER_FACTORY = 'buildServer';
const PLACEHOLDER_NOTE = ` (\`${PLACEHOLDER_FACTORY}\` stands for a function that builds a new server with its registrations and returns it: write one if the project has none)`;

/** The sentence a serving marker ends with: the entry to serve with, for this target and router. */
export function servingEntryAdvice(context: AdviceContext): string {
  const advice = entryAdvice(context);
  if (context.factory !== undefined || !advice.includes(PLACEHOLDER_FACTORY)) return advice;
  return advice.endsWith('.') ? `${advice.slice(0, -1)}${PLACEHOLDER_NOTE}.` : `${advice}${PLACEHOLDER_NOTE}`;
}

function entryAdvice({ kind, target, modernOnly, framework, factory = PLACEHOLDER_FACTORY, besideStreamable = false, routes, path = '/mcp' }: AdviceContext): string {
  const sseRoutes = routes ? `its routes (${routes})` : 'the /sse and /message routes';
  if (kind === 'stdio') {
    if (target === 'stateless-v1') return 'On SDK 1.x keep `server.connect(new StdioServerTransport())`: stdio has no HTTP sessions to remove.';
    return `Serve with \`serveStdio(${factory})\` from @modelcontextprotocol/server/stdio (one server per connection from the factory).`;
  }
  if (kind === 'sse') {
    if (target === 'stateless-v1' && besideStreamable) return `It is sessionful by design: new clients use the Streamable HTTP endpoint; remove ${sseRoutes} and their transport registry once no client needs them.`;
    if (target === 'stateless-v1') return `It is sessionful by design: add a Streamable HTTP endpoint for new clients (${perPostIdiom(factory, framework)}) and remove ${sseRoutes} once no client needs them.`;
    if (modernOnly) return `With --modern-only no 2025-era client is served: remove ${sseRoutes} and their transport registry; 2026-07-28 clients use the Streamable HTTP endpoint (\`createMcpHandler(${factory})\` mounted with \`toNodeHandler\`).`;
    return 'kept (from @modelcontextprotocol/server-legacy/sse) while 2025-era clients are served';
  }
  if (target === 'stateless-v1') return perPostIdiom(factory, framework);
  const handler = `createMcpHandler(${factory})`;
  switch (framework) {
    case 'hono':
      return `Serve the endpoint with \`app.all('${path}', (c) => handler.fetch(c.req.raw))\` and \`const handler = ${handler}\` (GET/DELETE then answer 405).`;
    case 'fastify':
      return `Serve the endpoint's routes with \`async (req, reply) => { reply.hijack(); await toNodeHandler(handler)(req.raw, reply.raw, req.body); }\` and \`const handler = ${handler}\` (GET/DELETE then answer 405).`;
    case 'koa':
      return `Serve the endpoint with \`router.all('${path}', async (ctx) => { ctx.respond = false; await nodeHandler(ctx.req, ctx.res, ctx.request.body); })\` and \`const nodeHandler = toNodeHandler(${handler})\` (GET/DELETE then answer 405).`;
    case 'web':
      return `Serve the endpoint with \`handler.fetch(request)\` and \`const handler = ${handler}\` (GET/DELETE then answer 405).`;
    case 'node-http':
      return `Serve the endpoint with \`toNodeHandler(${handler})\` from the request listener (route other paths before it; GET/DELETE then answer 405).`;
    default:
      return `Serve the endpoint with \`${handler}\` mounted with \`toNodeHandler\` (GET/DELETE then answer 405).`;
  }
}
