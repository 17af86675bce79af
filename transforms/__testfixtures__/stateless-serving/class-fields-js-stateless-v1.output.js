/**
 * Weather server as a JS class: arrow-function fields as route handlers, the app assigned in the
 * constructor, the server built by a method; one Streamable HTTP transport per MCP session
 * (SDK v1, 2025-era serving).
 */
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export class WeatherHttpServer {
  constructor(config) {
    this.config = config;
    this.app = express();
    this.app.use(express.json());
    this.app.post('/mcp', this.onPost);
    this.app.get('/mcp', this.onSessionRequest);
    this.app.delete('/mcp', this.onSessionRequest);
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

  onPost = async (req, res) => {
    const server = this.buildServer();
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
  };

  onSessionRequest = async (req, res) => {
    res
      .status(405)
      .set('Allow', 'POST')
      .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  };

  start() {
    return this.app.listen(this.config.port);
  }
}
