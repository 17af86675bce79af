/**
 * `@hono/mcp`: Hono middleware on SDK v1 (its peer dependency is `@modelcontextprotocol/sdk` ^1). Its
 * `StreamableHTTPTransport` is the SDK's web-standard Streamable HTTP transport written against a Hono
 * `Context` (`transport.handleRequest(c)`): the same options (`sessionIdGenerator`, `onsessioninitialized`,
 * `eventStore`), the same `sessionId`, the same session table kept by the server's code. So it is described
 * as that SDK class under another name (`sdkExports`), and every rule that reads a Streamable HTTP transport
 * reads this one. Its `MemoryEventStore` is an event store like any other: the `eventStore` option reports it.
 */
import type { FrameworkDescription } from './types.js';

export const honoMcp: FrameworkDescription = {
  id: 'hono-mcp',
  name: '@hono/mcp',
  frameworkMajor: 0,
  sdkMajor: 1,
  modules: ['@hono/mcp'],
  migration: 'On SDK v2, serve with `createMcpHandler(factory)` and answer Hono with `handler.fetch(c.req.raw)` (or a `WebStandardStreamableHTTPServerTransport` per request without `sessionIdGenerator`).',
  onSdkV2: 'No release of @hono/mcp is built on SDK v2 (0.3.2, the newest in December 2026, still peer-depends on `@modelcontextprotocol/sdk` ^1.29), and SDK v2 needs none: serve the route with `createMcpHandler(factory)` from `@modelcontextprotocol/server` and answer Hono with `handler.fetch(c.req.raw)` instead of its `StreamableHTTPTransport`, drop the @hono/mcp import, then run apply again.',
  sdkExports: { StreamableHTTPTransport: 'WebStandardStreamableHTTPServerTransport' },
  exports: {},
  members: {},
  callbacks: [],
  events: [],
  options: [],
  subclasses: {},
};
