/**
 * A plain round-robin HTTP reverse proxy, the way a stock load balancer without sticky sessions behaves:
 * request k goes to instance k mod N whatever its headers (Mcp-Session-Id included). Responses are
 * streamed back as they arrive (SSE included). It notes which instance served each `tools/call`, so the
 * report can say that a handle minted on one instance was used on another.
 */
import http from 'node:http';
import type net from 'node:net';

export interface ServedCall {
  instance: number;
  tool: string;
  arguments: Record<string, unknown>;
}

export interface RoundRobinProxy {
  readonly url: string;
  /** Every tools/call forwarded so far, in arrival order. */
  readonly calls: ServedCall[];
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded; node frames each side itself.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/** The tools/call messages in a JSON-RPC request body (one message or a batch). */
function toolCallsIn(body: string): Array<{ tool: string; arguments: Record<string, unknown> }> {
  try {
    const parsed: unknown = JSON.parse(body);
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    return messages
      .filter((m): m is { method: string; params: { name: string; arguments?: Record<string, unknown> } } => m?.method === 'tools/call' && typeof m.params?.name === 'string')
      .map((m) => ({ tool: m.params.name, arguments: m.params.arguments ?? {} }));
  } catch {
    return [];
  }
}

/** `path` is the path of the MCP endpoint on each instance (the proxy serves it under the same path). */
export async function startRoundRobinProxy(upstreamPorts: number[], path: string): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true });
  const calls: ServedCall[] = [];
  const sockets = new Set<net.Socket>();
  let next = 0;
  const server = http.createServer((req, res) => {
    const instance = next++ % upstreamPorts.length;
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPorts[instance], method: req.method, path: req.url, headers: forwardable(req.headers), agent },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, forwardable(upstreamRes.headers));
        res.flushHeaders();
        upstreamRes.pipe(res);
        upstreamRes.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error) => {
      if (res.headersSent) return void res.destroy(error);
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`mcp-migrate verify proxy: instance ${instance + 1} failed: ${error.message}`);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    let body = '';
    req.on('data', (chunk: Buffer) => {
      if (body.length < 1024 * 1024) body += chunk.toString('utf8');
    });
    req.on('end', () => {
      for (const call of toolCallsIn(body)) calls.push({ instance, ...call });
    });
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    calls,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        agent.destroy();
      });
      return closing;
    },
  };
}
