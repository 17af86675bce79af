/**
 * Real SDK clients over Streamable HTTP, as MCP hosts use them:
 * - `v1`: a 2025-era client, `@modelcontextprotocol/sdk` 1.32.2 `Client` + `StreamableHTTPClientTransport`
 *   (initialize handshake, Mcp-Session-Id, protocol 2025-11-25);
 * - `v2`: `@modelcontextprotocol/client` 2.4.0 pinned to protocol 2026-07-28 (no handshake, no session:
 *   every request carries its `_meta` envelope), which fails loudly against a server that cannot speak it.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

export type SdkGeneration = 'v1' | 'v2';

export const MODERN_PROTOCOL = '2026-07-28';

/** The result of a tool call, as both SDK generations return it (the fields the tests read). */
export interface ToolResult {
  content?: Array<{ type: string; text?: string; [key: string]: unknown }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

/**
 * What the host answers when the server asks it for input: the user (elicitation) and the model (sampling).
 * Each handler is a real request handler registered on the real client (v1: a server→client request on the
 * call's SSE stream; v2 on 2026-07-28: an `input_required` round the client fulfils and retries).
 */
export interface HostHandlers {
  elicit?: (params: { message?: string; requestedSchema?: unknown }) =>
    | { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean | string[]> }
    | Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean | string[]> }>;
  /** Returns the model's text. */
  sample?: (params: { messages?: Array<{ role: string; content: unknown }> }) => string | Promise<string>;
}

const SAMPLING_MODEL = 'e2e-scripted-model';

export interface Connection {
  readonly sdk: SdkGeneration;
  /** The negotiated protocol version (v1: from initialize; v2: the pinned/negotiated one). */
  protocolVersion(): string | undefined;
  callTool(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  listTools(): Promise<Array<{ name: string; inputSchema?: unknown; description?: string }>>;
  /** `notifications/message` received so far (v1 only). */
  readonly logs: unknown[];
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'mcp-migrate-e2e', version: '1.0.0' };

/** Which client, answering what, as whom: `'v1'`, `'v2'`, or the long form. */
export type ClientSpec = SdkGeneration | ClientOptions;
export interface ClientOptions {
  sdk?: SdkGeneration;
  /** Answers to the server's elicitation/sampling requests. */
  host?: HostHandlers;
  /** Sent as `Authorization: Bearer <token>` on every HTTP request. */
  bearer?: string;
  /** Give up on a tool call after this long (the SDK's request timeout; the connection is then closed). */
  timeoutMs?: number;
}

function options(spec: ClientSpec): ClientOptions & { sdk: SdkGeneration } {
  return typeof spec === 'string' ? { sdk: spec } : { sdk: 'v1', ...spec };
}

function requestOptions(timeoutMs: number | undefined): { timeout: number } | undefined {
  return timeoutMs === undefined ? undefined : { timeout: timeoutMs };
}

function requestInit(bearer: string | undefined): RequestInit | undefined {
  return bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : undefined;
}

/** Connect a brand-new client (its own transport, its own handshake/probe) to `url`. */
export async function connect(url: string, spec: ClientSpec = 'v1'): Promise<Connection> {
  const opts = options(spec);
  return opts.sdk === 'v1' ? connectV1(url, opts) : connectV2(url, opts);
}

export async function connectV1(url: string, opts: ClientOptions = {}): Promise<Connection> {
  const handlers = opts.host ?? {};
  const client = new ClientV1(CLIENT_INFO, {
    capabilities: { ...(handlers.elicit ? { elicitation: {} } : {}), ...(handlers.sample ? { sampling: {} } : {}) },
  });
  const { elicit, sample } = handlers;
  if (elicit) client.setRequestHandler(ElicitRequestSchema, async (request) => elicit(request.params));
  if (sample) {
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: 'assistant' as const,
      content: { type: 'text' as const, text: await sample(request.params) },
      model: SAMPLING_MODEL,
    }));
  }
  const logs: unknown[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    logs.push(notification.params);
  });
  const transport = new TransportV1(new URL(url), { requestInit: requestInit(opts.bearer) });
  // The standalone GET stream may fail or be refused by a stateless server; that is not a test failure.
  client.onerror = () => {};
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close().catch(() => {});
    throw annotate(error, `v1 client: connect to ${url}`);
  }
  return {
    sdk: 'v1',
    protocolVersion: () => transport.protocolVersion,
    callTool: async (name, args = {}) => (await client.callTool({ name, arguments: args }, undefined, requestOptions(opts.timeoutMs))) as ToolResult,
    listTools: async () => (await client.listTools()).tools,
    logs,
    close: () => client.close(),
  };
}

async function connectV2(url: string, opts: ClientOptions & { pin?: string } = {}): Promise<Connection> {
  const handlers = opts.host ?? {};
  const pin = opts.pin ?? MODERN_PROTOCOL;
  const client = new ClientV2(CLIENT_INFO, {
    versionNegotiation: { mode: { pin } },
    capabilities: { ...(handlers.elicit ? { elicitation: { form: {} } } : {}), ...(handlers.sample ? { sampling: {} } : {}) },
  });
  const { elicit, sample } = handlers;
  if (elicit) client.setRequestHandler('elicitation/create', async (request) => elicit(request.params));
  if (sample) {
    client.setRequestHandler('sampling/createMessage', async (request) => ({
      role: 'assistant' as const,
      content: { type: 'text' as const, text: await sample(request.params) },
      model: SAMPLING_MODEL,
    }));
  }
  const transport = new TransportV2(new URL(url), { requestInit: requestInit(opts.bearer) });
  client.onerror = () => {};
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close().catch(() => {});
    throw annotate(error, `v2 client pinned to ${pin}: connect to ${url}`);
  }
  return {
    sdk: 'v2',
    protocolVersion: () => client.getNegotiatedProtocolVersion(),
    callTool: async (name, args = {}) => (await client.callTool({ name, arguments: args }, requestOptions(opts.timeoutMs))) as ToolResult,
    listTools: async () => (await client.listTools()).tools,
    logs: [],
    close: () => client.close(),
  };
}

/**
 * One tool call on a brand-new client connection, closed afterwards: state that survives from one such
 * call to the next provably follows the arguments (a handle), not the connection or the MCP session.
 */
export async function callOnFreshConnection(
  url: string,
  tool: string,
  args: Record<string, unknown> = {},
  spec: ClientSpec = 'v1',
): Promise<ToolResult> {
  const connection = await connect(url, spec);
  try {
    return await connection.callTool(tool, args);
  } catch (error) {
    throw annotate(error, `${connection.sdk} client: tools/call ${tool} ${JSON.stringify(args)} on ${url}`);
  } finally {
    await connection.close().catch(() => {});
  }
}

/** All text content of a tool result, joined by newlines. */
export function textOf(result: ToolResult): string {
  return (result.content ?? [])
    .filter((c) => c.type === 'text' && typeof c.text === 'string')
    .map((c) => c.text)
    .join('\n');
}

function annotate(error: unknown, context: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  const wrapped = new Error(`${context}: ${message}`, { cause: error });
  return wrapped;
}
