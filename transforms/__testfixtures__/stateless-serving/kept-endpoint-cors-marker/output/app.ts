/**
 * The app mounting a gateway router (gateway.ts: each session's server comes from a pool, so the endpoint is
 * marked, not rewritten) names Mcp-Session-Id in its CORS set-up. The header stays while the gateway mints
 * it: each list gets a marker saying so, nothing is removed.
 */
import cors from 'cors';
import express from 'express';
import gateway from './gateway.js';

const app = express();
// @mcp-migrate-todo(session-transport/session-header): CORS names Mcp-Session-Id for the sessionful endpoints this migration kept (gateway.ts, marked there): keep it while they mint session ids, then drop it from the list, and allow the headers modern clients send (Mcp-Method, Mcp-Name, MCP-Protocol-Version, Mcp-Param-*).
app.use(
  cors({
    origin: true,
    allowedHeaders: ['Content-Type', 'Authorization', 'mcp-session-id'],
    exposedHeaders: ['mcp-session-id'],
  }),
);
app.use((_req, res, next) => {
  // @mcp-migrate-todo(session-transport/session-header): CORS names Mcp-Session-Id for the sessionful endpoints this migration kept (gateway.ts, marked there): keep it while they mint session ids, then drop it from the list, and allow the headers modern clients send (Mcp-Method, Mcp-Name, MCP-Protocol-Version, Mcp-Param-*).
  res.setHeader('Access-Control-Expose-Headers', 'mcp-session-id, www-authenticate');
  next();
});
app.use('/proxy', gateway);
app.listen(3000);
