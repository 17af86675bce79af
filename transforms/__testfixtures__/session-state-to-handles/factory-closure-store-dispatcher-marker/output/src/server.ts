import { randomUUID } from 'node:crypto';
import express from 'express';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { draftStore } from './draft-store.js';
import { appendToDraft } from './edit.js';

// One server per session, built around the session id it serves (systemprompt-mcp-reddit's shape).
function createDraftServer(sessionId: string): Server {
  draftStore.open(sessionId);
  const server = new Server({ name: 'drafts', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'append', description: 'Append text to the draft', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const text = String(request.params.arguments?.text ?? '');
    return appendToDraft(text, sessionId);
  });
  return server;
}

// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
const sessions = new Map<string, StreamableHTTPServerTransport>();
const app = express();
app.use(express.json());
app.all('/mcp', async (req, res) => {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  let transport = sid ? sessions.get(sid) : undefined;
  if (!transport) {
    const newId = randomUUID();
    const server = createDraftServer(newId);
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => newId });
    sessions.set(newId, transport);
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
