/**
 * The registry shares its declaration with a value the app keeps (`const transports = …, startedAt = …`): the
 * registry's declarator goes with its comma, the other stays (it went with the whole statement, leaving a
 * ReferenceError in the health route).
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

// Transports by session id.
const startedAt = Date.now();

const mcpHandler = createMcpHandler(buildServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.get('/health', (_req: Request, res: Response) => {
  res.json({ ok: true, uptimeMs: Date.now() - startedAt });
});

app.listen(3000);
