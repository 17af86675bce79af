import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createServer } from './mcp-server.js';

const app = express();
app.use(express.json());
app.get('/health', (req, res) => res.send('OK'));

const mcpHandler = createMcpHandler(createServer, { responseMode: 'json' });
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(process.env.PORT || 3000);
