/**
 * Notes server: Streamable HTTP, one transport per MCP session (SDK v2 imports, 2025-era serving).
 */
import express, { type Request, type Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

const notes: string[] = [];

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool(
    'add_note',
    { description: 'Add a note.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => {
      notes.push(text);
      return { content: [{ type: 'text', text: `${notes.length} notes` }] };
    },
  );
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(buildServer, { legacy: 'reject' });
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.get('/health', (_req: Request, res: Response) => {
  res.json({ ok: true });
});

app.listen(3000);
