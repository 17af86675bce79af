/**
 * One program, two ways to serve it, picked when it starts (`--transport sse` or Streamable HTTP, nrwl/nx-console's
 * shape): the HTTP+SSE routes are in the other branch of the `if` from the Streamable HTTP ones, so a run serving
 * HTTP+SSE serves nothing else. With --modern-only both branches serve the 2026-07-28 entry: the Streamable HTTP
 * route is rewritten, and the SSE routes give way to an entry of their own (the single transport they shared goes too).
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function createWorkspaceServer(): McpServer {
  const server = new McpServer({ name: 'workspace', version: '3.2.0' });
  server.registerTool('list_projects', { description: 'The projects of the workspace.' }, async () => ({
    content: [{ type: 'text', text: 'app, api, shared' }],
  }));
  return server;
}

const useSse = process.argv.includes('--transport=sse');
const app = express();

if (!useSse) {
  app.use(express.json());
  const mcpHandler = createMcpHandler(createWorkspaceServer, { legacy: 'reject' });
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
} else {
  const mcpHandler = createMcpHandler(createWorkspaceServer, { legacy: 'reject' });
  const mcpNodeHandler = toNodeHandler(mcpHandler);
  app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
}

app.listen(Number(process.env.PORT ?? 9921));
