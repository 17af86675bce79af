import { randomUUID } from 'node:crypto';
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { localMcpServer } from './server.js';

const transports: { [sessionId: string]: StreamableHTTPServerTransport } = {};

const app = express();
app.use(express.json());

// One handler for every method: it routes by the session id itself.
const handleMcpRequest = async (req: express.Request, res: express.Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: StreamableHTTPServerTransport;
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else {
    // @mcp-migrate-todo(session-transport/session-id-generator): the handler mounted on several methods creates its transport outside a `req.method === 'POST'` branch: replace it and its routes by hand. This file stays on SDK 1.x (the sdk-v2 step left it there, see MIGRATION.md), which has no `createMcpHandler`: the stateless idiom here is SDK 1.x's. On SDK 1.x, serve each POST with a new server from `defineServer()` and a new transport with `sessionIdGenerator: undefined` (`await server.connect(transport); await transport.handleRequest(req, res, req.body)`, both closed when the response closes), and answer GET and DELETE with 405. `defineServer` (server.ts) already builds the server: export it and serve with it (a new server per request), and remove the one instance `localMcpServer` that every session shares now.
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport;
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) delete transports[transport.sessionId];
    };
    await localMcpServer.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
};

app.all('/mcp', handleMcpRequest);
app.listen(3000);
