import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/server-push/standalone-notification.js';

ruleTester(rule, {
  valid: [
    {
      name: 'progress tied to its request (relatedRequestId), and the context senders',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const progressToken = request.params._meta?.progressToken ?? 0;
  await server.notification({ method: 'notifications/progress', params: { progressToken, progress: 1 } }, { relatedRequestId: extra.requestId });
  await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: 2 } });
  return { content: [] };
});`,
    },
    {
      name: 'messages other rules own: logging and list changes',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {}, logging: {} } });
export async function announce() {
  await server.notification({ method: 'notifications/message', params: { level: 'info', data: 'x' } });
  await server.notification({ method: 'notifications/tools/list_changed' });
}`,
    },
    {
      name: "a client's notification() and a project object's notification()",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const client = new Client({ name: 'c', version: '1' });
const bus = { notification: (_m: { method: string }) => undefined };
export async function go() {
  await client.notification({ method: 'notifications/roots/list_changed' });
  bus.notification({ method: 'notifications/progress' });
}`,
    },
    {
      name: 'options the analysis cannot read are given the benefit of the doubt',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
export const send = (opts: { relatedRequestId?: number }) => server.notification({ method: 'notifications/progress', params: { progressToken: 1, progress: 1 } }, opts);`,
    },
  ],
  invalid: [
    {
      name: 'progress and task status sent with the server, a custom push from a timer (McpServer.server)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const mcp = new McpServer({ name: 'x', version: '1' });
export async function report(token: string, taskId: string) {
  await mcp.server.notification({
    method: 'notifications/progress',
    params: { progressToken: token, progress: 1 },
  });
  await mcp.server.notification({ method: 'notifications/tasks/status', params: { taskId } }, {});
}
setInterval(() => {
  mcp.server.notification({ method: 'notifications/stderr', params: { content: 'tick' } });
}, 30000);`,
      errors: [
        { messageId: 'raw', line: 5 },
        { messageId: 'raw', line: 8 },
        { messageId: 'raw', line: 11 },
      ],
    },
    {
      name: 'a forwarded message of unknown method, through a server handed to a helper',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ProgressNotification } from '@modelcontextprotocol/sdk/types.js';
function progressSender(server: Server): (n: ProgressNotification) => Promise<void> {
  return async (notification) => server.notification(notification);
}
export const send = progressSender(new Server({ name: 'x', version: '1' }, { capabilities: {} }));`,
      errors: [{ messageId: 'unknown', line: 4 }],
    },
  ],
});
