/**
 * One program, two ways to serve it, picked at start: the Streamable HTTP router of `./streamable.ts` in one branch,
 * HTTP+SSE routes in the other. Whether that module's endpoint runs in this endpoint's branch is not what the imports
 * say, so with --modern-only the SSE routes are neither removed nor replaced: marked (session 33 review V2).
 */
import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { createWorkspaceServer } from './server.js';
import { streamableRouter } from './streamable.js';

const useSse = process.argv.includes('--transport=sse');
const app = express();

if (!useSse) {
  app.use(streamableRouter);
} else {
  let transport: SSEServerTransport | undefined;
  // @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /sse, POST /messages, deprecated) serves 2025-era clients only, and --modern-only serves none: not removed automatically because whether the Streamable HTTP endpoint in `streamable.ts` runs in its program or in another one cannot be told from the code (this endpoint is registered in one branch of `if (!useSse)`, and whether that module's endpoint runs in the same branch cannot be told from the imports); remove it with its routes and the registry once 2026-07-28 clients reach that endpoint. 2026-07-28 clients may use the Streamable HTTP endpoint in `streamable.ts`: make sure they reach it before removing this one.
  app.get('/sse', async (_req, res) => {
    transport = new SSEServerTransport('/messages', res);
    await createWorkspaceServer().connect(transport);
  });
  app.post('/messages', async (req, res) => {
    if (!transport) {
      res.status(409).send('No open stream');
      return;
    }
    await transport.handlePostMessage(req, res);
  });
}

app.listen(9921);
