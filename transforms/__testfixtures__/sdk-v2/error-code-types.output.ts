// A low-level server that maps upstream error codes to MCP's with a table typed by v1's ErrorCode (e0ipso/drupal-bridge-mcp's
// shape, sweep 27 AA6). The official codemod makes the values ProtocolErrorCode (v2 split ErrorCode into ProtocolErrorCode and
// SdkErrorCode) and drops the ErrorCode import; the types follow the values instead of naming what v2 no longer exports.
import { Server, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

function toMcpCode(code: number): ProtocolErrorCode {
  const map: Record<number, ProtocolErrorCode> = {
    [-32602]: ProtocolErrorCode.InvalidParams,
    [-32603]: ProtocolErrorCode.InternalError,
  };
  return map[code] ?? ProtocolErrorCode.InternalError;
}

export const server = new Server({ name: 'bridge', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/call', async () => {
  throw new ProtocolError(toMcpCode(-32602), 'The upstream rejected the arguments.');
});
