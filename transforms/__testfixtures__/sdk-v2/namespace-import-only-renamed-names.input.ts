// Only namespace imports, no named import of the same names (review 43 S43-11): the official codemod points them at
// @modelcontextprotocol/server but leaves the qualified names v2 renamed as they were. They are renamed by the codemod's
// own table (the Node transport, which also moves the import to @modelcontextprotocol/node; McpError → ProtocolError).
import type * as sdkHttp from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as sdkTypes from '@modelcontextprotocol/sdk/types.js';

const open: sdkHttp.StreamableHTTPServerTransport[] = [];

export function track(transport: sdkHttp.StreamableHTTPServerTransport): void {
  open.push(transport);
}

export function refuse(reason: string): never {
  throw new sdkTypes.McpError(sdkTypes.ErrorCode.InvalidRequest, reason);
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((t) => t.close()));
}
