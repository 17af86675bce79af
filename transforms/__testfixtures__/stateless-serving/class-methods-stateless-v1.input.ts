/**
 * Inventory server as a class on SDK v1: the server comes from one of its methods, the POST handler is
 * bound where it is mounted, GET/DELETE share a session method; one Streamable HTTP transport per MCP
 * session, kept in a field (2025-era serving).
 */
import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

interface InventoryOptions {
  port: number;
  warehouse: string;
}

export class InventoryServer {
  private readonly app: Express = express();
  private transports: { [sessionId: string]: StreamableHTTPServerTransport } = {};
  private readonly stock = new Map<string, number>();

  constructor(private readonly options: InventoryOptions) {
    this.app.use(express.json());
    this.app.post('/mcp', this.handleMcpPost.bind(this));
    this.app.get('/mcp', this.handleSession.bind(this));
    this.app.delete('/mcp', this.handleSession.bind(this));
  }

  private createServer(): McpServer {
    const server = new McpServer({ name: `inventory-${this.options.warehouse}`, version: '2.1.0' });
    server.tool('count_item', { sku: z.string() }, async ({ sku }) => ({
      content: [{ type: 'text', text: `${sku}: ${this.stock.get(sku) ?? 0}` }],
    }));
    return server;
  }

  private async handleMcpPost(req: Request, res: Response) {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    try {
      let transport: StreamableHTTPServerTransport;
      if (sessionId && this.transports[sessionId]) {
        transport = this.transports[sessionId];
      } else if (!sessionId && isInitializeRequest(req.body)) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            this.transports[id] = transport;
          },
        });
        transport.onclose = () => {
          if (transport.sessionId) delete this.transports[transport.sessionId];
        };
        const server = this.createServer();
        await server.connect(transport);
      } else {
        res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
        return;
      }
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      console.error('Error handling MCP request:', error);
      if (!res.headersSent) {
        res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
      }
    }
  }

  private async handleSession(req: Request, res: Response) {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    if (!sessionId || !this.transports[sessionId]) {
      res.status(400).send('Invalid or missing session ID');
      return;
    }
    await this.transports[sessionId].handleRequest(req, res);
  }

  listen(): void {
    this.app.listen(this.options.port, () => {
      console.log(`Inventory MCP server on port ${this.options.port}`);
    });
  }
}
