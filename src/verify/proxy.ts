/**
 * A plain round-robin HTTP reverse proxy over N upstreams, the way a stock load balancer without sticky
 * sessions behaves: request k goes to upstream k mod N, whatever its headers (Mcp-Session-Id included).
 * It forwards method, path, headers and body, and streams the response back as it arrives (SSE included).
 * Only node:http; loopback only.
 *
 * `verify` puts it in front of the migrated server's instances and reads which instance served each
 * `tools/call` (so its report can say that a handle minted on one instance was used on another); the e2e
 * tests use the same proxy (test/e2e/support/proxy.ts closes it after each test file).
 */
import http from 'node:http';
import type net from 'node:net';

export interface ProxyHit {
  method: string;
  path: string;
  upstream: number;
  status?: number;
  /** The client closed the connection before the upstream answered (no status: nothing failed upstream). */
  aborted?: boolean;
  /** The JSON-RPC message(s) in the request body, when it was JSON (observed as it streams by, not buffered). */
  rpc?: Array<{ method?: string; params?: { name?: string; arguments?: Record<string, unknown> } }>;
}

/** A `tools/call` and the upstream (0-based) that served it. */
export interface ServedCall {
  instance: number;
  tool: string;
  arguments: Record<string, unknown>;
}

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  /** Every request forwarded so far, in arrival order. */
  readonly hits: ProxyHit[];
  /** Every tools/call forwarded so far, in arrival order (noted when its request body has arrived). */
  readonly calls: ServedCall[];
  /**
   * Give the next `n` slots of the rotation away, as if other clients' requests had arrived in between.
   * A client that always makes an even number of requests per connection would otherwise land every
   * tools/call on the same instance of two, and the proof would prove nothing.
   */
  skip(n?: number): void;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /**
   * Reuse upstream connections (default). A reused connection that the upstream closes as idle at the
   * same moment fails the request with ECONNRESET (the POST is not retried): callers that count every
   * call's outcome under load pass `false`, one upstream connection per request.
   */
  keepAlive?: boolean;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded; node frames each side itself.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

// The copy of a request body kept to note its JSON-RPC messages (forwarding never waits for it).
const MAX_NOTED_BODY = 1024 * 1024;

function forwardable(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

function jsonRpcMessages(body: string): ProxyHit['rpc'] {
  try {
    const parsed: unknown = JSON.parse(body);
    return (Array.isArray(parsed) ? parsed : [parsed]) as NonNullable<ProxyHit['rpc']>;
  } catch {
    return undefined; // not JSON: nothing to note
  }
}

function toolCallsIn(messages: NonNullable<ProxyHit['rpc']>, instance: number): ServedCall[] {
  return messages
    .filter((m) => m?.method === 'tools/call' && typeof m.params?.name === 'string')
    .map((m) => ({ instance, tool: m.params!.name!, arguments: m.params!.arguments ?? {} }));
}

export async function startRoundRobinProxy(upstreamPorts: number[], options: ProxyOptions = {}): Promise<RoundRobinProxy> {
  if (upstreamPorts.length === 0) throw new Error('round-robin proxy needs at least one upstream');
  const agent = new http.Agent({ keepAlive: options.keepAlive ?? true });
  const hits: ProxyHit[] = [];
  const calls: ServedCall[] = [];
  const sockets = new Set<net.Socket>();
  let next = 0;

  const server = http.createServer((req, res) => {
    const upstream = next++ % upstreamPorts.length;
    const hit: ProxyHit = { method: req.method ?? 'GET', path: req.url ?? '/', upstream };
    hits.push(hit);
    const headers = forwardable(req.headers);
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    const upstreamReq = http.request(
      { host: '127.0.0.1', port: upstreamPorts[upstream], method: req.method, path: req.url, headers, agent },
      (upstreamRes) => {
        hit.status = upstreamRes.statusCode;
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, forwardable(upstreamRes.headers));
        // Flush headers at once: an SSE response may not send a body byte for a while.
        res.flushHeaders();
        upstreamRes.pipe(res);
        upstreamRes.on('error', () => res.destroy());
      },
    );
    // The client went away first (a fresh-connection client closing while its GET stream is being
    // opened, or closing an SSE stream, which is how HTTP cancels): that is the client's choice, not an
    // upstream failure — abort upstream, record no status.
    res.on('close', () => {
      if (hit.status === undefined) hit.aborted = true;
      if (!res.writableFinished) upstreamReq.destroy();
    });
    upstreamReq.on('error', (error) => {
      if (hit.aborted) return;
      if (!res.headersSent) {
        hit.status = 502;
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`round-robin proxy: upstream ${upstream + 1} of ${upstreamPorts.length} (port ${upstreamPorts[upstream]}) failed: ${error.message}`);
      } else {
        res.destroy(error);
      }
    });
    let body = '';
    req.on('data', (chunk: Buffer) => {
      if (body.length < MAX_NOTED_BODY) body += chunk.toString('utf8');
    });
    req.on('end', () => {
      if (!body) return;
      hit.rpc = jsonRpcMessages(body);
      if (hit.rpc) calls.push(...toolCallsIn(hit.rpc, upstream));
    });
    req.pipe(upstreamReq);
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
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    calls,
    skip(n = 1) {
      next += n;
    },
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
