/**
 * A stdio-to-HTTP gateway: each session spawns its own child MCP server and the transport relays raw
 * JSON-RPC to it (`onmessage` in, `send` out); GET/DELETE serve existing sessions. Rewriting would lose the
 * per-session child → one marker at the transport, about the upstream, nothing rewritten.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, Server, type JSONRPCMessage } from '@modelcontextprotocol/server';

const command = process.env.CHILD_COMMAND ?? 'node child.js';

const app = express();
app.use(express.json());

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: NodeStreamableHTTPServerTransport;
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    const server = new Server({ name: 'relay', version: '0.3.0' }, { capabilities: {} });
    // @mcp-migrate-todo(session-transport/session-id-generator): this endpoint is a gateway: each session spawns its own upstream, a child process (`spawn(command, { shell: true })`), and the transport relays raw JSON-RPC to it (`onmessage`/`send`, or started by hand) instead of serving requests with handlers. It is not rewritten: a stateless endpoint has no session to keep that child on. Make it a stateless relay, a transport with `sessionIdGenerator: undefined` and a child per POST, GET and DELETE answering 405 (a relay has no handlers for `createMcpHandler` to serve): one child shared by all requests would receive concurrent clients' JSON-RPC ids on one stdin, which this relay passes through without remapping. A child that insists on the handshake needs it per request: initialize it in the relay when a request is not `initialize` (2026-07-28 clients never send one). If a child per request is too slow to start, share one behind a layer that rewrites request ids. The registry `transports` and the GET and DELETE /mcp session routes go with the sessions.
    const created = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = created;
      },
    });
    transport = created;
    await server.connect(created);

    const child = spawn(command, { shell: true });
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) void created.send(JSON.parse(line) as JSONRPCMessage);
    });
    created.onmessage = (message: JSONRPCMessage) => {
      child.stdin.write(`${JSON.stringify(message)}\n`);
    };
    created.onclose = () => {
      if (created.sessionId) delete transports[created.sessionId];
      child.kill();
    };
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session ID' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

async function serveSession(req: Request, res: Response): Promise<void> {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    res.status(400).send('Invalid or missing session ID');
    return;
  }
  await transport.handleRequest(req, res);
}

app.get('/mcp', serveSession);
app.delete('/mcp', serveSession);

app.listen(3000);
