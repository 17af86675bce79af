import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-state/session-telemetry.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a request-context store carrying the user, not the session id; a store of a class of its own named AsyncLocalStorage',
      code: `import { AsyncLocalStorage } from 'node:async_hooks';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const requestContext = new AsyncLocalStorage<{ userId: string; sid?: string }>();
export function buildServer() {
  const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    console.log('tool', request.params.name, requestContext.getStore()?.userId);
    return { content: [] };
  });
  return server;
}
export async function route(req: any, handle: () => Promise<void>) {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  await requestContext.run({ userId: String(req.headers['x-user']), sid }, handle);
}`,
    },
    {
      name: 'a read that keys state as well as a log is a session-id-read',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
const server = new McpServer({ name: 'x', version: '1' });
server.tool('view', async (extra) => {
  const sid = extra.sessionId ?? 'local';
  console.log('view cart', sid);
  return { content: [{ type: 'text', text: (carts.get(sid) ?? []).join() }] };
});`,
    },
    {
      name: 'logging the raw header (session-header covers it) and the express-session id',
      code: `export function access(req: any) {
  console.log('mcp session', req.headers['mcp-session-id']);
  console.log('cookie session', req.sessionID, req.session.id);
}`,
    },
    {
      name: 'logging a sessionId tool argument and the MCP request id',
      code: `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('resume', { inputSchema: z.object({ sessionId: z.string() }) }, async (args, ctx) => {
  console.log('resume', args.sessionId, ctx.mcpReq.id);
  return { content: [] };
});`,
    },
    {
      name: 'a guard on the session id is a session-id-read',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('x', { description: 'd' }, async (ctx) => {
  if (!ctx.sessionId) throw new Error('no session');
  return { content: [] };
});`,
    },
    {
      name: 'sessionId only inside a log message string',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('hello', async (_extra) => {
  console.log('extra.sessionId is not used any more');
  return { content: [] };
});`,
    },
    {
      name: 'the onsessioninitialized argument logged (session-lifecycle covers the callback)',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export const transport = new StreamableHTTPServerTransport({
  sessionIdGenerator: () => crypto.randomUUID(),
  onsessioninitialized: (sid) => console.log('session opened', sid),
});`,
    },
    {
      name: 'serving code naming the session id in its own log messages (the session layer goes, and its logs with it)',
      code: `import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { logger } from './logger.js';
export async function handle(req: any, res: any) {
  const sessionId = (req.headers['mcp-session-id'] as string | undefined) ?? randomUUID();
  logger.debug(\`session \${sessionId} not found, initializing\`);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
  await transport.handleRequest(req, res, req.body);
}`,
    },
  ],
  invalid: [
    {
      name: 'the session id logged through either branch of a conditional log argument (sweep 34 AH3: it was taken for state "stored in an object")',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const logger = { info: (entry: object, message: string) => console.error(message, entry) };
export const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('status', { description: 'Status' }, async (extra) => {
  const sessionId = extra.sessionId ?? 'unknown-session';
  const result = { content: [{ type: 'text' as const, text: 'ok' }] };
  const summary = result.content.length ? { parts: result.content.length } : undefined;
  logger.info(summary ? { sessionId, ...summary } : { sessionId }, 'Tool completed');
  return result;
});`,
      errors: [{ messageId: 'telemetry', line: 5 }],
    },
    {
      name: 'the session id logged in a request handler assigned to `server.server.fallbackRequestHandler`, whose second parameter is the request context (sweep 34 AH4)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const logger = { warn: (entry: object, message: string) => console.error(message, entry) };
export function createServer(): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  server.server.fallbackRequestHandler = async (request, extra) => {
    const sessionId = extra.sessionId ?? 'unknown-session';
    logger.warn({ method: request.method, sessionId }, 'Unhandled request received');
    throw new Error(\`Unhandled request: \${request.method}\`);
  };
  return server;
}`,
      errors: [{ messageId: 'telemetry', line: 6 }],
    },
    {
      name: 'the session id the route handles, put in an AsyncLocalStorage store and logged where the tool reads it back (sweep 31 AE3)',
      code: `import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const requestContext = new AsyncLocalStorage<{ userId: string; sessionId: string }>();
const audit = { record: (entry: object) => console.log(JSON.stringify(entry)) };
export function buildServer() {
  const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { sessionId, userId } = requestContext.getStore()!;
    audit.record({ session_id: sessionId, user: userId, tool: request.params.name });
    return { content: [] };
  });
  return server;
}
export async function route(req: any, handle: () => Promise<void>) {
  const effectiveSessionId = (req.headers['mcp-session-id'] as string | undefined) || randomUUID();
  await requestContext.run({ userId: String(req.headers['x-user']), sessionId: effectiveSessionId }, handle);
}`,
      errors: [{ messageId: 'contextStore', line: 18 }],
    },
    {
      name: 'serving code tagging the session\'s logger and span with the session id (every later line carries it)',
      code: `import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { buildServer } from './build.js';
export async function handle(req: any, res: any) {
  const sessionId = (req.headers['mcp-session-id'] as string | undefined) ?? randomUUID();
  const server = buildServer();
  server.logger.setAttribute('sessionId', sessionId);
  trace.getActiveSpan()?.setAttributes({ 'mcp.session_id': sessionId });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => sessionId,
    onsessioninitialized: (sid) => server.logger.child({ sid }).info('opened'),
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}`,
      errors: [
        { messageId: 'attribute', line: 8 },
        { messageId: 'attribute', line: 9 },
        { messageId: 'attribute', line: 12 },
      ],
    },
    {
      name: 'v1 console.error with a template literal',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('checkout', async (extra) => {
  console.error(\`[\${extra.sessionId}] checkout\`);
  return { content: [] };
});`,
      errors: [{ messageId: 'telemetry', line: 4 }],
    },
    {
      name: 'structured logger field and an OpenTelemetry span attribute',
      code: `import { McpServer } from '@modelcontextprotocol/server';
import { trace } from '@opentelemetry/api';
import pino from 'pino';
const logger = pino();
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('search', { description: 'Search' }, async (ctx) => {
  logger.info({ sessionId: ctx.sessionId }, 'search');
  trace.getActiveSpan()?.setAttribute('mcp.session_id', ctx.sessionId ?? '');
  return { content: [] };
});`,
      errors: [
        { messageId: 'telemetry', line: 7 },
        { messageId: 'telemetry', line: 8 },
      ],
    },
    {
      name: 'destructured from the context and logged by a helper in another file',
      code: {
        'src/log.ts': `export function logCall(tool: string, sessionId: string | undefined) {
  console.log(\`\${tool} called\`, { sessionId });
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { logCall } from './log.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('hello', { name: z.string() }, async ({ name }, { sessionId }) => {
  logCall(\`hello \${name}\`, sessionId);
  return { content: [] };
});`,
      },
      errors: [{ messageId: 'telemetry', line: 5, file: 'src/server.ts' }],
    },
    {
      name: 'transport.sessionId logged when the transport closes',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export function open() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
  transport.onclose = () => console.log('session closed', transport.sessionId);
  return transport;
}`,
      errors: [{ messageId: 'telemetry', line: 4 }],
    },
    {
      name: 'the id of an HTTP+SSE transport logged in its endpoint: real there, worded apart from a streamable HTTP one',
      code: `import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export function openSse(res: any) {
  const transport = new SSEServerTransport('/messages', res);
  console.log('sse connected', transport.sessionId);
  return transport;
}
export function reconnect(found: unknown) {
  const transport = found as SSEServerTransport;
  console.error('client reconnecting', transport.sessionId);
}
export function openStreamable() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
  transport.onclose = () => console.log('closed', transport.sessionId);
  return transport;
}`,
      errors: [
        { messageId: 'sseTelemetry', line: 5 },
        { messageId: 'sseTelemetry', line: 10 },
        { messageId: 'telemetry', line: 14 },
      ],
    },
    {
      name: 'session id sent to the client log (ctx.mcpReq.log)',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('trace_me', { description: 'd' }, async (ctx) => {
  ctx.mcpReq.log('debug', \`session \${ctx.sessionId}\`);
  return { content: [] };
});`,
      errors: [{ messageId: 'telemetry', line: 4 }],
    },
    {
      name: 'CommonJS audit logger with a JSDoc-typed extra',
      filename: 'src/audit.cjs',
      code: `const logger = require('pino')();
/**
 * @param {import('@modelcontextprotocol/sdk/shared/protocol.js').RequestHandlerExtra<any, any>} extra
 * @param {string} action
 */
function audit(extra, action) {
  logger.info(\`\${action} by \${extra.sessionId}\`);
}
module.exports = { audit };`,
      errors: [{ messageId: 'telemetry', line: 7 }],
    },
    {
      name: 'metrics label through server.server.transport?.sessionId',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { metrics } from './metrics.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('count', async () => {
  metrics.increment('tool.calls', { session: server.server.transport?.sessionId ?? 'none' });
  return { content: [] };
});`,
      errors: [{ messageId: 'telemetry', line: 5 }],
    },
  ],
});
