/**
 * Weather server as a JS class: arrow-function fields as route handlers, the app assigned in the
 * constructor, the server built by a method; one Streamable HTTP transport per MCP session
 * (SDK v2 imports, 2025-era serving).
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

export class WeatherHttpServer {
  constructor(config) {
    this.config = config;
    this.app = express();
    this.app.use(express.json());
    const mcpHandler = createMcpHandler(() => this.buildServer());
    const mcpNodeHandler = toNodeHandler(mcpHandler);
    this.app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));
  }

  buildServer() {
    const server = new McpServer({ name: 'weather', version: '0.3.0' });
    server.registerTool(
      'forecast',
      { description: 'Forecast for a city.', inputSchema: z.object({ city: z.string() }) },
      async ({ city }) => ({ content: [{ type: 'text', text: `${city}: sunny (${this.config.units})` }] }),
    );
    return server;
  }

  start() {
    return this.app.listen(this.config.port);
  }
}
