import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { injectMcpSessionId } from './meta.js';

/** Routes every request to the one transport it was given; the session id travels on to the handlers in `_meta`. */
export function mountHttp(app: express.Express, transport: StreamableHTTPServerTransport): void {
  app.post('/mcp', async (req, res) => {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    if (sessionId && req.body) {
      req.body.params = injectMcpSessionId(req.body.params, sessionId);
    }
    await transport.handleRequest(req, res, req.body);
  });
}
