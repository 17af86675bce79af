/**
 * The v1 stateless idiom on v2 imports, in a project with a change-event bus: createMcpHandler gets it
 * as `bus`, so its subscriptions/listen streams receive what the project publishes.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { buildServer } from './catalogue.js';
import { serverEvents } from './mcp-server-events.js';
import { createMcpHandler } from '@modelcontextprotocol/server';

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(buildServer, {
  bus: serverEvents,
  onerror: (error) => console.error('Error handling MCP request:', error),
});
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
