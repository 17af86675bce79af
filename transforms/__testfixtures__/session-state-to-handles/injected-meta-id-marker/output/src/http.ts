import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { injectMcpSessionId } from './meta.js';

/** Routes every request to the one transport it was given; the session id travels on to the handlers in `_meta`. */
export function mountHttp(app: express.Express, transport: StreamableHTTPServerTransport): void {
  app.post('/mcp', async (req, res) => {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    if (sessionId && req.body) {
      // @mcp-migrate-todo(session-state/session-id-read): this fills `_meta.mcpSessionId` of each request, which the handlers read back as the session id (reads: 2 in server.ts; each marked). A 2026-07-28 request has no MCP session id to fill it with, and an id minted here per process (as a stdio entry point does) names the process, not a client: resolve those reads first (an explicit handle, authInfo or the request id), then remove this copy together with the serving code it belongs to.
      req.body.params = injectMcpSessionId(req.body.params, sessionId);
    }
    await transport.handleRequest(req, res, req.body);
  });
}
