/**
 * A sessionful express endpoint followed by a catch-all that answers 405 for the methods its routes do not take
 * (yuki9541134/mcp-redash). The `all` route that replaces the endpoint takes every method first, so the
 * catch-all would never run again: it goes with the session routes. Routes on other paths stay.
 */
import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function createServer() {
  return new McpServer({ name: 'dashboards', version: '2.1.0' });
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(createServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.all('/status', (_req, res) => res.status(200).json({ ok: true }));

app.listen(3000);
