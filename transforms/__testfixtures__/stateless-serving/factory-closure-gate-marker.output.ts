/**
 * Each session gets a server from `createServer()`, whose body keeps two things for the session's calls: a gate
 * (`let initialized`, opened by `session_init` and checked by every other tool) and a collection a tool fills
 * (`notes`, read back by `list_notes`). A server built per request would start both afresh on every call (the gate
 * would never open), so the route is marked: the state needs a home first (sweep 13). The level kept for
 * `logging/setLevel` is that feature's bookkeeping, not state a tool leaves for the next call: on its own it would
 * not stop the rewrite.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { z } from 'zod';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

export function createServer(): McpServer {
  let initialized = false;
  let level = 'info';
  const notes: string[] = [];
  const server = new McpServer({ name: 'workflow', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.server.setRequestHandler('logging/setLevel', async (request) => {
    level = request.params.level;
    return {};
  });
  server.registerTool('session_init', { description: 'Start the workflow.' }, async () => {
    initialized = true;
    return { content: [{ type: 'text', text: `ready (log level ${level})` }] };
  });
  server.registerTool('add_note', { description: 'Add a note.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
    if (!initialized) return { isError: true, content: [{ type: 'text', text: 'Call session_init first.' }] };
    notes.push(text);
    return { content: [{ type: 'text', text: `${notes.length} notes` }] };
  });
  server.registerTool('list_notes', { description: 'List the notes.' }, async () => ({
    content: [{ type: 'text', text: notes.join('\n') || '(none)' }],
  }));
  return server;
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
    const server = createServer();
    // @mcp-migrate-todo(session-state/per-session-server): the server's factory `createServer()` keeps `initialized` and `notes`, written by what it registers: state one call leaves for the next, which lives as long as each session's server today and would start afresh on every call with a server built per request. Move that state to an explicit handle the tools take (minted by the tool that starts it, `<noun>_id`, checked against the caller) or key it by the caller's identity (authInfo); what holds nothing a later call needs can be made per request. Then serve with a factory. Serve the endpoint with `createMcpHandler(createServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405).
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
