import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ServerContext } from './types.js';

/** The SDK's request context, as every tool of this server receives it. */
export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The organisation a call acts on; gives up when the client cancelled the request. */
export function organizationFor(context: ServerContext, extra: ToolExtra): string {
  if (extra.signal.aborted) throw new Error('cancelled');
  return context.organizationSlug ?? 'default';
}
