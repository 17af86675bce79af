// @ts-check
/** Another program of the collection: one shared transport that mints its own session ids. */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const server = new McpServer({ name: 'sessions', version: '1.0.0' });
server.registerTool('hello', { description: 'Says hello' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));

const app = express();
app.use(express.json());

// @mcp-migrate-todo(session-transport/session-id-generator): one sessionful transport is created once, outside any route, for the whole process: it serves a single session (once the first client has initialised, every other client's initialize is refused) and speaks the 2025 protocol only: replace it and the code that hands it the requests with one stateless endpoint by hand. This file stays on SDK 1.x (the sdk-v2 step left it there, see MIGRATION.md), which has no `createMcpHandler`: the stateless idiom here is SDK 1.x's. On SDK 1.x, serve each POST with a new server from `buildServer()` and a new transport with `sessionIdGenerator: undefined` (`await server.connect(transport); await transport.handleRequest(req, res, req.body)`, both closed when the response closes), and answer GET and DELETE with 405 (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
const transport = new StreamableHTTPServerTransport({
  sessionIdGenerator: () => `session-${Date.now()}`,
});

app.post('/mcp', async (req, res) => {
  await transport.handleRequest(req, res, req.body);
});

app.options('/mcp', (req, res) => {
  // @mcp-migrate-todo(session-transport/session-header): CORS names Mcp-Session-Id for the sessionful serving this migration kept in this file (marked at its transport): keep it while that serving mints session ids, then drop it from the list.
  res.header('Access-Control-Allow-Headers', 'Content-Type, Mcp-Session-Id');
  res.status(200).end();
});

await server.connect(transport);
app.listen(3005);
