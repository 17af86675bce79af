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
