/**
 * A remote-server proxy: a helper opens a client transport to the upstream named in the query, the
 * endpoint's transport is started by hand and the two are wired together by a relay helper, per session.
 * One marker at the transport, about the upstream connection, nothing rewritten.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function openUpstream(req: Request): Transport {
  const target = String(req.query.url ?? 'http://localhost:4000/mcp');
  return new StreamableHTTPClientTransport(new URL(target));
}

function relay(toClient: Transport, toServer: Transport): void {
  toClient.onmessage = (message) => void toServer.send(message);
  toServer.onmessage = (message) => void toClient.send(message);
  toClient.onclose = () => void toServer.close();
}

const app = express();
app.use(express.json());

const clients = new Map<string, NodeStreamableHTTPServerTransport>();

app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? clients.get(sessionId) : undefined;
  if (!transport) {
    const upstream = openUpstream(req);
    await upstream.start();
    const created = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        clients.set(id, created);
      },
    });
    await created.start();
    relay(created, upstream);
    transport = created;
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
