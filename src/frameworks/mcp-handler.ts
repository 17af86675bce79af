/**
 * Vercel `mcp-handler`. Major 1 (on SDK v1): `createMcpHandler(initializeServer, serverOptions,
 * config)` serves stateless Streamable HTTP *and*, unless `config.disableSse`, the legacy SSE
 * transport, whose sessions are relayed between function instances through Redis (`redisUrl`) for
 * up to `maxDuration` seconds. Major 2 (on SDK v2) has no SSE and no Redis and is already
 * stateless: its `createMcpHandler(initializeServer, options)` has no third argument. So the third
 * (config) argument is what marks a major-1 call; without it, the project's major of the package (declared, else
 * installed) decides. The `server` handed to `initializeServer` is an
 * SDK `McpServer` in both majors.
 */
import type { FrameworkDescription } from './types.js';

export const mcpHandler: FrameworkDescription = {
  id: 'mcp-handler',
  name: 'mcp-handler',
  frameworkMajor: 1,
  sdkMajor: 1,
  modules: ['mcp-handler', '@vercel/mcp-adapter'],
  migration: 'The mcp-handler path: set `disableSse: true` and drop `redisUrl` now, then upgrade to mcp-handler 2 (SDK v2, stateless Streamable HTTP only).',
  exports: {},
  members: {
    // `onEvent(event)`: SESSION_STARTED / SESSION_ENDED and request events carry the session id.
    event: { sessionId: { sessionId: 'transport' } },
  },
  callbacks: [
    { on: { fn: 'createMcpHandler' }, arg: 0, param: 0, value: { sdk: 'mcp-server' }, label: 'createMcpHandler() initializeServer' },
    { on: { fn: 'createMcpHandler' }, arg: 2, property: 'onEvent', param: 0, value: { role: 'event' }, label: 'createMcpHandler() onEvent' },
    { on: { fn: 'createMcpRouteHandler' }, arg: 0, param: 0, value: { sdk: 'mcp-server' }, label: 'createMcpRouteHandler() initializeServer' },
  ],
  events: [],
  options: [
    {
      on: { fn: 'createMcpHandler' },
      arg: 1,
      container: ['capabilities'],
      key: 'logging',
      use: {
        rule: 'deprecated-feature/logging',
        advice: 'The `logging` capability (in the server options mcp-handler passes to `new McpServer`) is deprecated in 2026-07-28.',
      },
    },
    {
      on: { fn: 'createMcpHandler' },
      arg: 2,
      container: [],
      unless: { path: ['disableSse'], equals: true },
      // Without the config argument mcp-handler 1 serves SSE by its defaults (`redisUrl` from REDIS_URL/KV_URL); the
      // same call is mcp-handler 2 where the project is on 2, so only a project on major 1 has it reported.
      whenAbsent: true,
      use: {
        rule: 'session-transport/sse-transport',
        advice: 'mcp-handler 1 also serves the legacy HTTP+SSE transport (`/sse` + `/message`, one session per stream) unless `disableSse: true`; 2026-07-28 removes it.',
      },
    },
    {
      on: { fn: 'createMcpHandler' },
      arg: 2,
      container: [],
      key: 'redisUrl',
      use: {
        rule: 'session-transport/event-store',
        advice: '`redisUrl` relays SSE session messages between function instances through Redis so a session survives across invocations; 2026-07-28 has no sessions to relay.',
      },
    },
  ],
  routeExports: [
    {
      // A Next.js route file (`app/[transport]/route.ts`) serves both transports from one handler: GET on
      // `/sse` opens the legacy SSE stream. GET and DELETE on the Streamable HTTP endpoint are already
      // answered 405 by mcp-handler (DELETE ends nothing), so with `disableSse: true` the exports are harmless.
      of: { fn: 'createMcpHandler' },
      wrappers: [{ fn: 'withMcpAuth', arg: 0 }, { fn: 'experimental_withMcpAuth', arg: 0 }],
      methods: ['GET'],
      when: { arg: 2, container: [], unless: { path: ['disableSse'], equals: true }, whenAbsent: true },
      use: {
        rule: 'session-transport/session-route',
        advice: 'Exported as the route\'s GET handler, the mcp-handler 1 handler opens the legacy SSE stream on `/sse` (one session per stream, relayed through Redis); 2026-07-28 has no such stream. With `disableSse: true` mcp-handler answers GET with 405 (or 404 on `/sse`), so the export stays harmless; DELETE is answered 405 either way.',
      },
    },
  ],
  // A config object replaces mcp-handler 1's defaults as a whole (its `redisUrl` default reads REDIS_URL/KV_URL):
  // given without `redisUrl`, every SSE request fails with "redisUrl is required".
  legacySse: { on: { fn: 'createMcpHandler' }, arg: 2, off: 'disableSse', needs: 'redisUrl' },
  subclasses: {},
};
