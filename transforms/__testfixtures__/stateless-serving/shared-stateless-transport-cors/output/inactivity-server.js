// @ts-check
/**
 * One program of a collection of test servers (msfeldstein/mcp-test-servers' session-inactivity-server): one
 * stateless transport (`sessionIdGenerator: undefined`) made once and shared by every POST, GET and DELETE answering
 * 405. It mints no session id, so its CORS list has no session to keep Mcp-Session-Id for (sweep 17 Q4): the header
 * goes, even though the shared transport itself is left to a person, and even though another program of the
 * project does mint session ids.
 */
import express from 'express';
import cors from 'cors';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const server = new McpServer({ name: 'inactivity', version: '1.0.0' });
server.registerTool('ping-time', { description: 'The server time' }, async () => ({
  content: [{ type: 'text', text: new Date().toISOString() }],
}));

const app = express();
app.use(express.json());
app.use(cors());

// @mcp-migrate-todo(session-transport/session-id-generator): one stateless transport is created once, outside any route, and serves every request it is handed (the SDK serves one request per stateless transport: current 1.x releases throw on the second, and a shared one mixes up the ids of concurrent requests), and it speaks the 2025 protocol only: replace it and the code that hands it the requests with one stateless endpoint by hand. This file stays on SDK 1.x (the sdk-v2 step left it there, see MIGRATION.md), which has no `createMcpHandler`: the stateless idiom here is SDK 1.x's. On SDK 1.x, serve each POST with a new server from `buildServer()` and a new transport with `sessionIdGenerator: undefined` (`await server.connect(transport); await transport.handleRequest(req, res, req.body)`, both closed when the response closes), and answer GET and DELETE with 405 (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
const transport = new StreamableHTTPServerTransport({
  sessionIdGenerator: undefined,
});

const setupServer = async () => {
  await server.connect(transport);
};

app.post('/mcp', async (req, res) => {
  await transport.handleRequest(req, res, req.body);
});

app.get('/mcp', (req, res) => {
  res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
});

app.delete('/mcp', (req, res) => {
  res.status(405).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
});

app.options('/mcp', (req, res) => {
  res.header('Access-Control-Allow-Origin', '*');
  res.header('Access-Control-Allow-Methods', 'POST, GET, OPTIONS, DELETE');
  res.header('Access-Control-Allow-Headers', 'Content-Type');
  res.status(200).end();
});

setupServer().then(() => app.listen(3004));
