/**
 * The app mounting a gateway router (gateway.ts: each session's server comes from a pool, so the endpoint is
 * marked, not rewritten) names Mcp-Session-Id in its CORS set-up. The header stays while the gateway mints
 * it: each list gets a marker saying so, nothing is removed.
 */
import cors from 'cors';
import express from 'express';
import gateway from './gateway.js';

const app = express();
app.use(
  cors({
    origin: true,
    allowedHeaders: ['Content-Type', 'Authorization', 'mcp-session-id'],
    exposedHeaders: ['mcp-session-id'],
  }),
);
app.use((_req, res, next) => {
  res.setHeader('Access-Control-Expose-Headers', 'mcp-session-id, www-authenticate');
  next();
});
app.use('/proxy', gateway);
app.listen(3000);
