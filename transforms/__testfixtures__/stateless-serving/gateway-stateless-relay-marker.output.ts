/**
 * A stateless stdio-to-HTTP relay: every POST gets its own transport (`sessionIdGenerator: undefined`) and its
 * own child, and the relay initializes that child itself when the request is not `initialize` (children that
 * insist on the handshake). No session: the only thing to decide is the initialize routing → one marker there.
 */
import { spawn } from 'node:child_process';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, Server, type JSONRPCMessage } from '@modelcontextprotocol/server';

const command = process.env.CHILD_COMMAND ?? 'node child.js';
const childProtocolVersion = '2025-06-18';

const app = express();
app.use(express.json());

app.post('/mcp', async (req: Request, res: Response) => {
  const server = new Server({ name: 'relay', version: '0.3.0' }, { capabilities: {} });
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);

  const child = spawn(command, { shell: true });
  let initialized = false;
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const message = JSON.parse(line) as JSONRPCMessage;
      if ('id' in message && message.id === 'relay-init') continue;
      void transport.send(message);
    }
  });

  // @mcp-migrate-todo(session-transport/initialize-routing): this endpoint is a stateless relay: each POST gets its own transport and its own upstream, a child process (`spawn(command, { shell: true })`), and the transport relays raw JSON-RPC to it, initializing that upstream itself when a request is not `initialize`. That is the handshake answered per request, and it stays right for both eras: 2026-07-28 clients never send `initialize`, so each of their requests takes that path. What a 2025-era upstream cannot answer is `server/discover` (an unknown method to it): answer it in the relay, or relay to upstreams that speak 2026-07-28 (a v2 server under `serveStdio`), which need no handshake.
  transport.onmessage = (message: JSONRPCMessage) => {
    if (!initialized && !isInitializeRequest(message)) {
      const init = { jsonrpc: '2.0', id: 'relay-init', method: 'initialize', params: { protocolVersion: childProtocolVersion, capabilities: {}, clientInfo: { name: 'relay', version: '0.3.0' } } };
      child.stdin.write(`${JSON.stringify(init)}\n`);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    }
    initialized = true;
    child.stdin.write(`${JSON.stringify(message)}\n`);
  };
  transport.onclose = () => {
    child.kill();
  };

  await transport.handleRequest(req, res, req.body);
});

app.get('/mcp', (_req: Request, res: Response) => {
  res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
});

app.listen(3000);
