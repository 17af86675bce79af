/**
 * The callers `verify` drives the server with: real `@modelcontextprotocol/client` clients of both eras.
 * - `modern`: pinned to 2026-07-28 (no handshake, no session; every request carries its `_meta` envelope).
 *   One client per principal is kept for the run, as a 2026 host would: nothing ties its requests together.
 * - `legacy`: the same package in its `legacy` negotiation mode, byte-identical to a 2025-era client
 *   (initialize handshake, Mcp-Session-Id), with a brand-new connection for every call — state that survives
 *   from one such call to the next follows the arguments, not a connection or an MCP session.
 * A principal is a bearer token (`--token`) or anonymous.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const MODERN_PROTOCOL = '2026-07-28';
export type Era = 'modern' | 'legacy';

export interface Principal {
  /** How the report names it: `A`, `B`, `anonymous`. */
  readonly name: string;
  readonly token: string | undefined;
}

export interface ToolDescription {
  name: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean };
}

export interface ToolResult {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What one call came back with: a tool result, a JSON-RPC error, or no answer at all. */
export type CallOutcome =
  | { kind: 'result'; result: ToolResult }
  | { kind: 'protocol-error'; code: number; message: string }
  | { kind: 'failed'; message: string };

const CLIENT_INFO = { name: 'mcp-migrate-verify', version: '1.0.0' };

function transportFor(url: string, principal: Principal): StreamableHTTPClientTransport {
  const requestInit = principal.token ? { headers: { Authorization: `Bearer ${principal.token}` } } : undefined;
  return new StreamableHTTPClientTransport(new URL(url), { requestInit });
}

async function connected(url: string, principal: Principal, era: Era): Promise<Client> {
  const client = new Client(CLIENT_INFO, {
    versionNegotiation: { mode: era === 'modern' ? { pin: MODERN_PROTOCOL } : 'legacy' },
  });
  // A refused standalone GET stream is not a failure of the server's handles.
  client.onerror = () => {};
  try {
    await client.connect(transportFor(url, principal));
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return client;
}

function outcomeOfError(error: unknown): CallOutcome {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  // JSON-RPC errors carry a numeric code; SDK errors (timeouts, HTTP failures) a string one.
  return typeof code === 'number' ? { kind: 'protocol-error', code, message } : { kind: 'failed', message };
}

export class Callers {
  private readonly modern = new Map<string, Promise<Client>>();

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async listTools(principal: Principal, era: Era): Promise<ToolDescription[]> {
    const client = era === 'modern' ? await this.modernClient(principal) : await connected(this.url, principal, 'legacy');
    try {
      const tools: ToolDescription[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.timeoutMs });
        tools.push(...(page.tools as ToolDescription[]));
        cursor = page.nextCursor;
      } while (cursor);
      return tools;
    } finally {
      if (era === 'legacy') await client.close().catch(() => {});
    }
  }

  async call(principal: Principal, era: Era, tool: string, args: Record<string, unknown>): Promise<CallOutcome> {
    let client: Client;
    try {
      client = era === 'modern' ? await this.modernClient(principal) : await connected(this.url, principal, 'legacy');
    } catch (error) {
      if (era === 'modern') this.modern.delete(principal.name);
      return { kind: 'failed', message: `connect (${era === 'modern' ? `pinned to ${MODERN_PROTOCOL}` : '2025-era handshake'}): ${(error as Error)?.message ?? error}` };
    }
    try {
      return { kind: 'result', result: (await client.callTool({ name: tool, arguments: args }, { timeout: this.timeoutMs })) as ToolResult };
    } catch (error) {
      return outcomeOfError(error);
    } finally {
      if (era === 'legacy') await client.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    const clients = [...this.modern.values()];
    this.modern.clear();
    await Promise.all(clients.map(async (c) => (await c.catch(() => undefined))?.close().catch(() => {})));
  }

  private modernClient(principal: Principal): Promise<Client> {
    let client = this.modern.get(principal.name);
    if (!client) {
      client = connected(this.url, principal, 'modern');
      this.modern.set(principal.name, client);
    }
    return client;
  }
}

/** All text content of a result, joined by newlines. */
export function textOf(result: ToolResult): string {
  return (result.content ?? [])
    .filter((c) => c.type === 'text' && typeof c.text === 'string')
    .map((c) => c.text)
    .join('\n');
}
