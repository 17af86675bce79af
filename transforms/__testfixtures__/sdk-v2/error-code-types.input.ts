// A low-level server that maps upstream error codes to MCP's with a table typed by v1's ErrorCode (e0ipso/drupal-bridge-mcp's
// shape, sweep 27 AA6). The official codemod makes the values ProtocolErrorCode (v2 split ErrorCode into ProtocolErrorCode and
// SdkErrorCode) and drops the ErrorCode import; the types follow the values instead of naming what v2 no longer exports.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

function toMcpCode(code: number): ErrorCode {
  const map: Record<number, ErrorCode> = {
    [-32602]: ErrorCode.InvalidParams,
    [-32603]: ErrorCode.InternalError,
  };
  return map[code] ?? ErrorCode.InternalError;
}

export const server = new Server({ name: 'bridge', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async () => {
  throw new McpError(toMcpCode(-32602), 'The upstream rejected the arguments.');
});
