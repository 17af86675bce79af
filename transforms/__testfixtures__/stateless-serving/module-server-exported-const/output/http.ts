import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { NOTE_LIMIT, createServer } from './server.js';

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(createServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000, () => console.error(`notes (up to ${NOTE_LIMIT}) on :3000`));
