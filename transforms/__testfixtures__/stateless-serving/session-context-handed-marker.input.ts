/**
 * Each session gets a server and a context object the route hands, with the server, to the code registering its
 * tools; the tools keep a device-login flow in it (`login_start` stores a code, `login_finish` trades it for a token,
 * `whoami` reads the token: cloudgrid-io/mcp's shape, sweep 12 K4). A server built per request would start the context
 * afresh on every call and break the flow, so the route is marked: the state needs a home first.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { z } from 'zod';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

interface LoginContext {
  state: { pendingCode: string | null; token: string | null };
}

function registerTools(server: McpServer, ctx: LoginContext): void {
  server.registerTool('login_start', { description: 'Start a device login.' }, async () => {
    ctx.state.pendingCode = randomUUID().slice(0, 8);
    return { content: [{ type: 'text', text: `Open https://example.com/device and enter ${ctx.state.pendingCode}` }] };
  });
  server.registerTool('login_finish', { description: 'Finish the device login.', inputSchema: z.object({ code: z.string().optional() }) }, async ({ code }) => {
    const pending = code ?? ctx.state.pendingCode;
    if (!pending) return { isError: true, content: [{ type: 'text', text: 'Call login_start first.' }] };
    ctx.state.token = `token-for-${pending}`;
    ctx.state.pendingCode = null;
    return { content: [{ type: 'text', text: 'Signed in.' }] };
  });
  server.registerTool('whoami', { description: 'Who is signed in.' }, async () => ({
    content: [{ type: 'text', text: ctx.state.token ? 'signed in' : 'anonymous' }],
  }));
}

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    if (sessionId || !isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport!;
      },
    });
    const server = new McpServer({ name: 'device-login', version: '1.0.0' });
    const ctx: LoginContext = { state: { pendingCode: null, token: null } };
    registerTools(server, ctx);
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
