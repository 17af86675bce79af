import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handshake/initialize-handler.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a transport whose messages are handled, not forwarded; a project object\'s onmessage forwarding',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
transport.onmessage = (msg: JSONRPCMessage) => { console.error('got', JSON.stringify(msg)); };
const socket = { onmessage: (_m: unknown) => undefined, send: (_m: unknown) => undefined };
const other = { send: (_m: unknown) => undefined };
socket.onmessage = (msg) => other.send(msg);`,
    },
    {
      name: 'isInitializeRequest on an HTTP body is routing (session-transport/initialize-routing), not plumbing',
      code: `import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
export const opens = (body: unknown) => isInitializeRequest(body);`,
    },
  ],
  invalid: [
    {
      name: 'every client message written raw to a child process, and sent to an upstream transport',
      code: `import { spawn } from 'node:child_process';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
const child = spawn('server', [], { stdio: ['pipe', 'pipe', 'inherit'] });
export function attach(sse: SSEServerTransport, http: StreamableHTTPServerTransport, upstream: { send(m: JSONRPCMessage): Promise<void> }) {
  sse.onmessage = (msg: JSONRPCMessage) => {
    child.stdin!.write(JSON.stringify(msg) + '\\n');
  };
  http.onmessage = (message) => {
    upstream.send(message).catch(() => undefined);
  };
}`,
      errors: [
        { messageId: 'forwarded', line: 7 },
        { messageId: 'forwarded', line: 10 },
      ],
    },
    {
      name: 'isInitializeRequest on the message a transport receives: the gateway handles the handshake itself',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
let initialized = false;
transport.onmessage = (msg: JSONRPCMessage) => {
  if (!initialized && !isInitializeRequest(msg)) {
    initialized = true;
  }
};`,
      errors: [{ messageId: 'plumbing', line: 6 }],
    },
  ],
});
