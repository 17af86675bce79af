/**
 * A server already served statelessly (`createMcpHandler`) whose CORS middleware still lists `Mcp-Session-Id`:
 * nothing mints the header any more, so it leaves both lists; the other headers stay as written, and the allow-list
 * names the headers 2026-07-28 clients send in its place (MCP-Protocol-Version, listed already, is not repeated).
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  return new McpServer({ name: 'notes', version: '1.2.0' });
}

const app = express();
app.use(express.json());

app.use((req: Request, res: Response, next: NextFunction) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Mcp-Session-Id, MCP-Protocol-Version, Authorization');
  res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate,Mcp-Session-Id');
  if (req.method === 'OPTIONS') {
    res.sendStatus(204);
    return;
  }
  next();
});

const mcpNodeHandler = toNodeHandler(createMcpHandler(buildServer));
app.all('/mcp', async (req: Request, res: Response) => {
  await mcpNodeHandler(req, res, req.body);
});

app.listen(3000);
