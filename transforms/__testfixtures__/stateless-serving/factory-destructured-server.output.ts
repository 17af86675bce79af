/**
 * A low-level server whose factory returns it in an object (agigante80/actual-mcp-server's `createServerInstance()`):
 * the route takes only `server` from it, so the handler's factory takes the same property of each result.
 */
import express from 'express';
import { Server, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function createServerInstance() {
  const server = new Server({ name: 'budget', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: [] }));
  return { server };
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(() => createServerInstance().server);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
