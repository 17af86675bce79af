/**
 * cablate/mcp-google-map's shape: the route is an arrow function registered inside a method, and builds its server
 * with a method of the same instance (`this.createMcpServer()`). The arrow's `this` is the method's: the entry,
 * written where the route was, gets a closure over it.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

export class MapsServer {
  constructor(private readonly apiKey: string) {}

  private createMcpServer(): McpServer {
    const server = new McpServer({ name: 'maps', version: '1.0.0' });
    server.registerTool('has_key', { description: 'Whether an API key is configured' }, async () => ({
      content: [{ type: 'text', text: this.apiKey ? 'yes' : 'no' }],
    }));
    return server;
  }

  start(port: number): void {
    const app = express();
    app.use(express.json());
    const mcpHandler = createMcpHandler(() => this.createMcpServer());
    const mcpNodeHandler = toNodeHandler(mcpHandler);
    app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
    app.listen(port);
  }
}
