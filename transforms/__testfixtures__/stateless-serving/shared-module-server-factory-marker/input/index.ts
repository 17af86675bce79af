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
