import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handle-hygiene/unbound-handle.js';

/** A server that authenticates (a tool reads `extra.authInfo`), a cart store, and a create tool. */
const AUTH_HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
const carts = new Map<string, { owner: string; items: string[] }>();
server.registerTool('create_cart', {}, async (extra) => {
  const cart_id = randomUUID();
  carts.set(cart_id, { owner: extra.authInfo?.clientId ?? '', items: [] });
  return { content: [], structuredContent: { cart_id } };
});
`;

ruleTester(rule, {
  valid: [
    {
      name: 'the lookup compares the stored owner with the caller',
      code: `${AUTH_HEAD}server.registerTool('view_cart', { inputSchema: { cart_id: z.string() } }, async ({ cart_id }, extra) => {
  const cart = carts.get(cart_id);
  if (!cart || cart.owner !== extra.authInfo?.clientId) return { content: [{ type: 'text', text: 'Unknown cart_id; call create_cart.' }], isError: true };
  return { content: [{ type: 'text', text: cart.items.join(', ') }] };
});`,
    },
    {
      name: 'the owner check in a helper, the caller passed as a parameter from a function reading authInfo',
      code: `${AUTH_HEAD}type Extra = { authInfo?: { clientId: string } };
const callerOf = (extra: Extra) => extra.authInfo?.clientId ?? 'anonymous';
function cartOf(owner: string, id: string) {
  const cart = carts.get(id);
  return cart && cart.owner === owner ? cart : undefined;
}
server.registerTool('view_cart', { inputSchema: { cart_id: z.string() } }, async ({ cart_id }, extra) => {
  const cart = cartOf(callerOf(extra), cart_id);
  return { content: [{ type: 'text', text: cart ? cart.items.join(', ') : 'Unknown cart_id; call create_cart.' }], isError: !cart };
});`,
    },
    {
      name: 'a store keyed by caller and handle together',
      code: `${AUTH_HEAD}server.registerTool('view_cart', { inputSchema: { cart_id: z.string() } }, async ({ cart_id }, extra) => {
  const cart = carts.get(\`\${extra.authInfo?.clientId}:\${cart_id}\`);
  return { content: [{ type: 'text', text: String(cart?.items) }] };
});`,
    },
    {
      name: 'no authentication anywhere: a handle is a bearer token, nothing to bind it to',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
const carts = new Map<string, string[]>();
server.registerTool('create_cart', {}, async () => {
  const cart_id = randomUUID();
  carts.set(cart_id, []);
  return { content: [], structuredContent: { cart_id } };
});
server.registerTool('view_cart', { inputSchema: { cart_id: z.string() } }, async ({ cart_id }) => ({ content: [{ type: 'text', text: String(carts.get(cart_id)) }] }));`,
    },
    {
      name: 'the handle and the context go to a registry from a package (it checks the caller there)',
      code: `${AUTH_HEAD}import { registry } from 'handle-registry';
server.registerTool('view_cart', { inputSchema: { cart_id: z.string() } }, async ({ cart_id }, extra) => {
  const denied = registry.check(cart_id, extra);
  if (denied) return denied;
  return { content: [{ type: 'text', text: String(carts.get(cart_id)?.items) }] };
});`,
    },
  ],
  invalid: [
    {
      name: 'authInfo is read (for billing) but never compared with the cart owner',
      code: `${AUTH_HEAD}server.registerTool('checkout', { inputSchema: { cart_id: z.string() } }, async ({ cart_id }, extra) => {
  const cart = carts.get(cart_id);
  if (!cart) return { content: [{ type: 'text', text: 'Unknown cart_id; call create_cart.' }], isError: true };
  return { content: [{ type: 'text', text: \`billed to \${extra.authInfo?.clientId}\` }] };
});`,
      errors: [{ messageId: 'unbound', line: 12, data: { tool: 'checkout', argument: 'cart_id' } }],
    },
    {
      name: 'v1 requireBearerAuth in front; the lookup in a helper, reached through args.cart_id',
      code: {
        'src/http.ts': `import express from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
export const app = express();
app.use(requireBearerAuth({ verifier: { verifyAccessToken: async (token: string) => ({ token, clientId: 'c', scopes: [] }) } }));`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
const reports: Record<string, string> = {};
function reportText(id: string) {
  return reports[id] ?? 'none';
}
server.registerTool('start_report', {}, async () => {
  const report_id = randomBytes(16).toString('hex');
  reports[report_id] = '';
  return { content: [{ type: 'text', text: \`report_id: \${report_id}\` }] };
});
server.registerTool('read_report', { inputSchema: { report_id: z.string() } }, async (args) => ({ content: [{ type: 'text', text: reportText(args.report_id) }] }));`,
      },
      errors: [{ messageId: 'unbound', line: 7, file: 'src/server.ts', data: { tool: 'read_report', argument: 'report_id' } }],
    },
  ],
});
