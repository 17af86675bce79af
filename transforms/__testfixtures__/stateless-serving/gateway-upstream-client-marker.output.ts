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
    // @mcp-migrate-todo(session-transport/session-id-generator): this endpoint is a gateway: each session opens its own upstream, an upstream connection from `openUpstream(req)`, and the transport relays raw JSON-RPC to it (`onmessage`/`send`, or started by hand) instead of serving requests with handlers. It is not rewritten: a stateless entry has no session to keep that upstream on, so a rewrite would either drop it or open a new one per request. Decide what the upstream is keyed by now: one shared upstream (or one per endpoint or per credential the request carries) that per-request servers forward to with handlers, then serve them with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET and DELETE then answer 405); an upstream that must stay per client becomes a handle a tool opens, with expiry. The registry `clients` goes with the sessions when you do.
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
