/**
 * A low-level server whose factory returns it in an object (agigante80/actual-mcp-server's `createServerInstance()`):
 * the route takes only `server` from it, so the handler's factory takes the same property of each result.
 */
import express from 'express';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function createServerInstance() {
  const server = new Server({ name: 'budget', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: [] }));
  return { server };
}

const app = express();
app.use(express.json());
const transports = new Map<string, NodeStreamableHTTPServerTransport>();

app.post('/mcp', async (req, res) => {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  if (sid && transports.has(sid)) return transports.get(sid)!.handleRequest(req, res, req.body);
  const { server } = createServerInstance();
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      transports.set(id, transport);
    },
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
