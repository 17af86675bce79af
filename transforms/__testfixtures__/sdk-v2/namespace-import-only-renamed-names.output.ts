// Only namespace imports, no named import of the same names (review 43 S43-11): the official codemod points them at
// @modelcontextprotocol/server but leaves the qualified names v2 renamed as they were. They are renamed by the codemod's
// own table (the Node transport, which also moves the import to @modelcontextprotocol/node; McpError → ProtocolError;
// ErrorCode → ProtocolErrorCode, or SdkErrorCode for the members v2 moved there).
import type * as sdkHttp from '@modelcontextprotocol/node';
import * as sdkTypes from '@modelcontextprotocol/server';

const open: sdkHttp.NodeStreamableHTTPServerTransport[] = [];

export function track(transport: sdkHttp.NodeStreamableHTTPServerTransport): void {
  open.push(transport);
}

export function refuse(reason: string): never {
  throw new sdkTypes.ProtocolError(sdkTypes.ProtocolErrorCode.InvalidRequest, reason);
}

// A timeout is the SDK's own error in v2: the guard names SdkError, the code SdkErrorCode (review 44 S44-3).
export function timedOut(error: unknown): boolean {
  return error instanceof sdkTypes.SdkError && error.code === sdkTypes.SdkErrorCode.RequestTimeout;
}

// types.js's ResourceTemplate is the type v2 calls ResourceTemplateType, whatever the server package exports under the
// old name (review 44 S44-4).
export const notes: sdkTypes.ResourceTemplateType = { uriTemplate: 'notes://{id}', name: 'note' };

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((t) => t.close()));
}
