import type { Request, Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '2.1.0' });
  server.registerTool('count', { description: 'How many notes there are' }, async () => ({ content: [{ type: 'text', text: '3' }] }));
  return server;
}

const handler = toNodeHandler(createMcpHandler(buildServer));

/** The Streamable HTTP endpoint, for 2026-07-28 clients. */
export async function handleMcp(req: Request, res: Response): Promise<void> {
  await handler(req, res, req.body);
}
