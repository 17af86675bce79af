/**
 * The transport registry lives in a class of its own module (`sessionManager.add/get/exists/remove`, sweep 31 AE2):
 * its methods only reach the registry, so the routes' calls of them are session routing, replaced with the routes by
 * `createMcpHandler`; the class, used by nothing then, is left for a person to delete.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { createMcpServer } from './mcp-server.js';

const greeting = 'Hello from the greeter';

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(() => createMcpServer(greeting));
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
