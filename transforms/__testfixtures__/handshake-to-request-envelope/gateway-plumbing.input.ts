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
    if (!initialized && !isInitializeRequest(msg)) {
      initialized = true;
    }
    child.stdin!.write(JSON.stringify(msg) + '\n');
  };
}

export function relay(upstream: StreamableHTTPServerTransport, downstream: { send(m: JSONRPCMessage): Promise<void> }): void {
  upstream.onmessage = (message) => {
    downstream.send(message).catch(() => undefined);
  };
}

/** What a health probe gets back without reaching the child. */
export function initializeResultFor(protocolVersion: string) {
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
  const name = extractClientName(body);
  return name ?? 'unknown';
}
