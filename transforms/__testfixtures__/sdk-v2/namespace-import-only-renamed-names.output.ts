// Only namespace imports, no named import of the same names (review 43 S43-11): the official codemod points them at
// @modelcontextprotocol/server but leaves the qualified names v2 renamed as they were. They are renamed by the codemod's
// own table (the Node transport, which also moves the import to @modelcontextprotocol/node; McpError → ProtocolError).
import type * as sdkHttp from '@modelcontextprotocol/node';
import * as sdkTypes from '@modelcontextprotocol/server';

const open: sdkHttp.NodeStreamableHTTPServerTransport[] = [];

export function track(transport: sdkHttp.NodeStreamableHTTPServerTransport): void {
  open.push(transport);
}

export function refuse(reason: string): never {
  throw new sdkTypes.ProtocolError(sdkTypes.ProtocolErrorCode.InvalidRequest, reason);
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((t) => t.close()));
}
