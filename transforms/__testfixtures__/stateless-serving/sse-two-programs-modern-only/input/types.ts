import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** What both programs' shutdown code closes. */
export type Closable = { close(): Promise<void> };

/** Transports a program may hold (only a type: nothing here serves Streamable HTTP). */
export type AnyTransport = StreamableHTTPServerTransport | Closable;
