/**
 * Plain JS: a `const openSession = async () => …` helper opens node transports into a `sessions` object,
 * the listener routes on the mcp-session-id header (POST: known session, or initialize opens one; GET and
 * DELETE: known sessions only), a module-level reaper closes idle sessions, and SIGTERM closes them all.
 */
import { createServer } from 'node:http';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function buildServer() {
  const server = new McpServer({ name: 'clock', version: '0.2.0' });
  server.registerTool('now', { description: 'The current time' }, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));
  return server;
}

const mcpHandler = createMcpHandler(buildServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);

async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
}

createServer(async (req, res) => {
  if (req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  if (req.method === 'POST') {
    const body = await readJson(req);
    await mcpNodeHandler(req, res, body);
    return;
  }
  if (req.method === 'GET' || req.method === 'DELETE') {
    await mcpNodeHandler(req, res);
    return;
  }
  res.writeHead(405).end();
}).listen(3000);

process.on('SIGTERM', () => {
  void mcpHandler.close();
});
