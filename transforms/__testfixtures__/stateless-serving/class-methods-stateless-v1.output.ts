/**
 * Inventory server as a class on SDK v1: the server comes from one of its methods, the POST handler is
 * bound where it is mounted, GET/DELETE share a session method; one Streamable HTTP transport per MCP
 * session, kept in a field (2025-era serving).
 */
import express, { type Express, type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

interface InventoryOptions {
  port: number;
  warehouse: string;
}

export class InventoryServer {
  private readonly app: Express = express();
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
    const server = this.createServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      console.error('Error handling MCP request:', error);
      if (!res.headersSent) {
        res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
      }
    }
  }

  private async handleSession(req: Request, res: Response) {
    res
      .status(405)
      .set('Allow', 'POST')
      .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  }

  listen(): void {
    this.app.listen(this.options.port, () => {
      console.log(`Inventory MCP server on port ${this.options.port}`);
    });
  }
}
