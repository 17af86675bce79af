/**
 * A sessionful express endpoint whose routes read the session id through a small helper, `getSessionId(req)`: the
 * helper only reads the Mcp-Session-Id header, so it is the session routing itself and goes with the registry
 * (written inline, the same read is removed the same way).
 */
import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { z } from 'zod';

function createServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(createServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
