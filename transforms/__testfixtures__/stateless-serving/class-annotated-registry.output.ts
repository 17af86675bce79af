/**
 * Tasks server as a class: the constructor binds its handler methods and mounts them on its own
 * express app; one Streamable HTTP transport per MCP session, kept in a map that is a member of an
 * annotated field the constructor sets (jae-jae/fetcher-mcp's shape; SDK v2 imports, 2025-era serving).
 */
import express, { type Express, type Request, type Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

const tasks: string[] = [];

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'tasks', version: '1.0.0' });
  server.registerTool(
    'add_task',
    { description: 'Add a task.', inputSchema: z.object({ title: z.string() }) },
    async ({ title }) => {
      tasks.push(title);
      return { content: [{ type: 'text', text: `${tasks.length} tasks` }] };
    },
  );
  return server;
}

export class TasksHttpServer {
  private readonly app: Express;

  constructor(private readonly port: number) {
    this.app = express();
    this.app.use(express.json());
    const mcpHandler = createMcpHandler(buildServer);
    const mcpNodeHandler = toNodeHandler(mcpHandler);
    this.app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
    this.app.get('/health', (_req: Request, res: Response) => {
      res.json({ ok: true });
    });
  }

  start(): void {
    this.app.listen(this.port);
  }
}
