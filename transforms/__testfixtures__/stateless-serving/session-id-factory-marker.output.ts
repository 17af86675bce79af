/**
 * A server built per session around the session id the route mints (ebarron/ONTAP-MCP's `createMcpServer(sessionId)`):
 * not a gateway (it opens no upstream), but a per-session server whose tools key state by that id. The marker says so,
 * rather than telling the owner to hoist the id into a constant.
 */
import express from 'express';
import { randomUUID } from 'node:crypto';
import * as z from 'zod/v4';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const notes = new Map<string, string[]>();

function buildServer(sessionId: string): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('add_note', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
    notes.get(sessionId)!.push(text);
    return { content: [{ type: 'text', text: `${notes.get(sessionId)!.length} notes` }] };
  });
  return server;
}

const app = express();
app.use(express.json());
const transports = new Map<string, NodeStreamableHTTPServerTransport>();

app.post('/mcp', async (req, res) => {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  if (sid && transports.has(sid)) return transports.get(sid)!.handleRequest(req, res, req.body);
  if (sid || !isInitializeRequest(req.body)) return res.status(400).end();
  const newId = randomUUID();
  notes.set(newId, []);
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => newId,
    onsessioninitialized: (id) => {
      transports.set(id, transport);
    },
  });
  // @mcp-migrate-todo(session-state/per-session-server): the server factory `buildServer` is handed the session id (`newId`): each session builds its server around it, and what its tools key by that id is session state (marked where it is kept). A 2026-07-28 request has no session id: once that state travels as an explicit handle the tools take (`<noun>_id` from a `create_<noun>` tool), build the server without the id and serve it with `createMcpHandler(buildServer)`. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  await buildServer(newId).connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
