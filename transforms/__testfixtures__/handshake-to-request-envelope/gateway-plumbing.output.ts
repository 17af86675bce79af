/**
 * A stdio gateway's hand-written plumbing: it forwards every client message to a child process,
 * starts the child's handshake itself when the first message is not `initialize`, answers
 * `initialize` for a health probe by hand, and remembers the client's name from the initialize
 * params. None of it has a 2026-07-28 counterpart a rewrite could put in place: each site is marked.
 */
import { spawn } from 'node:child_process';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const child = spawn('upstream-server', [], { stdio: ['pipe', 'pipe', 'inherit'] });

export function attach(transport: StreamableHTTPServerTransport): void {
  let initialized = false;
  transport.onmessage = (msg: JSONRPCMessage) => {
    // Start the child's handshake ourselves when a client skipped it.
    // @mcp-migrate-todo(handshake/initialize-handler): request plumbing handles initialize itself: 2026-07-28 clients never send the handshake, so this branch runs for 2025-era clients only and what it sets up here is missing for the others. Set that up for each request (or lazily on first use) and read version, capabilities and client info from each request's _meta; discovery is server/discover (or serve through the SDK's request handler).
    if (!initialized && !isInitializeRequest(msg)) {
      initialized = true;
    }
    child.stdin!.write(JSON.stringify(msg) + '\n');
  };
}

export function relay(upstream: StreamableHTTPServerTransport, downstream: { send(m: JSONRPCMessage): Promise<void> }): void {
  // @mcp-migrate-todo(handshake/initialize-handler): forwards every client message, initialize included, unchanged to an upstream (a child process, another server): the upstream is set up by the handshake of whichever client reached it, and 2026-07-28 clients send none. Have the gateway initialize its upstream itself when it starts it (or speak 2026-07-28 to it, each forwarded request carrying its client's _meta), and answer server/discover for its clients.
  upstream.onmessage = (message) => {
    downstream.send(message).catch(() => undefined);
  };
}

/** What a health probe gets back without reaching the child. */
export function initializeResultFor(protocolVersion: string) {
  // @mcp-migrate-todo(handshake/initialize-handler): builds an InitializeResult by hand (protocolVersion, capabilities, serverInfo): 2026-07-28 clients never send initialize. Declare the capabilities and server info on the McpServer (the SDK answers server/discover, and initialize for 2025-era clients) and keep this answer, if at all, on the legacy path only.
  return {
    protocolVersion,
    capabilities: { tools: {} },
    serverInfo: { name: 'gateway', version: '1.0.0' },
  };
}

function extractClientName(body: string) {
  const parsed = JSON.parse(body) as { method?: string; params?: { clientInfo?: { name: string } } };
  if (parsed.method !== 'initialize') return undefined;
  return parsed.params?.clientInfo?.name;
}

export function clientNameOf(body: string): string {
  // @mcp-migrate-todo(handshake/client-version): client info, capabilities or protocol version taken from the initialize request by hand: 2026-07-28 clients send no initialize, and, once the server is served statelessly (a server per request, as 2026-07-28 needs), the code answering a 2025-era client's later requests never sees the one it sent. Read them where they are needed from each request's _meta instead (params._meta['io.modelcontextprotocol/clientInfo'] in hand-written plumbing); SDK 1.x carries neither client info nor capabilities with a request: a handler treats the client as unknown and takes the caller's identity from what its request does carry (extra.authInfo?.clientId when authenticated, extra.requestInfo?.headers on HTTP), and on SDK v2 reads ctx.mcpReq.envelope (CLIENT_INFO_META_KEY / CLIENT_CAPABILITIES_META_KEY).
  const name = extractClientName(body);
  return name ?? 'unknown';
}
