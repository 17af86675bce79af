import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createWorkspaceServer } from './server.js';

export const streamableRouter = express.Router();
streamableRouter.use(express.json());
const mcpHandler = createMcpHandler(createWorkspaceServer, { legacy: 'reject' });
const mcpNodeHandler = toNodeHandler(mcpHandler);
streamableRouter.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
