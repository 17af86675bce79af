/**
 * Tasks server as a class: the constructor binds its handler methods and mounts them on its own
 * express app; one Streamable HTTP transport per MCP session, kept in a map that is a member of an
 * annotated field the constructor sets (jae-jae/fetcher-mcp's shape; SDK v2 imports, 2025-era serving).
 */
import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
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
  /** Transports by MCP session id. */
  private readonly transports: {
    streamable: Record<string, NodeStreamableHTTPServerTransport>;
  };

  constructor(private readonly port: number) {
    this.transports = { streamable: {} };
    this.app = express();
    this.app.use(express.json());
    this.handlePost = this.handlePost.bind(this);
    this.handleSessionRequest = this.handleSessionRequest.bind(this);
    this.app.post('/mcp', this.handlePost);
    this.app.get('/mcp', this.handleSessionRequest);
    this.app.delete('/mcp', this.handleSessionRequest);
    this.app.get('/health', (_req: Request, res: Response) => {
      res.json({ ok: true });
    });
  }

  private async handlePost(req: Request, res: Response): Promise<void> {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    let transport = sessionId ? this.transports.streamable[sessionId] : undefined;
    if (!transport) {
      if (sessionId || !isInitializeRequest(req.body)) {
        res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
        return;
      }
      const created = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          this.transports.streamable[id] = created;
        },
      });
      created.onclose = () => {
        if (created.sessionId) delete this.transports.streamable[created.sessionId];
      };
      transport = created;
      await buildServer().connect(created);
    }
    await transport.handleRequest(req, res, req.body);
  }

  private async handleSessionRequest(req: Request, res: Response): Promise<void> {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    const transport = sessionId ? this.transports.streamable[sessionId] : undefined;
    if (!transport) {
      res.status(400).send('Invalid or missing session ID');
      return;
    }
    await transport.handleRequest(req, res);
  }

  start(): void {
    this.app.listen(this.port);
  }
}
