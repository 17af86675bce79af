import type { ServerContext as McpServerContext } from '@modelcontextprotocol/server';
import type { ServerContext } from './types.js';

/** The SDK's request context, as every tool of this server receives it. */
export type ToolExtra = McpServerContext;

/** The organisation a call acts on; gives up when the client cancelled the request. */
export function organizationFor(context: ServerContext, extra: ToolExtra): string {
  if (extra.mcpReq.signal.aborted) throw new Error('cancelled');
  return context.organizationSlug ?? 'default';
}
