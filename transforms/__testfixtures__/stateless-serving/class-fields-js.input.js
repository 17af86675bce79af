/**
 * Weather server as a JS class: arrow-function fields as route handlers, the app assigned in the
 * constructor, the server built by a method; one Streamable HTTP transport per MCP session
 * (SDK v2 imports, 2025-era serving).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export class WeatherHttpServer {
  constructor(config) {
    this.config = config;
    this.sessions = {};
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
    const sessionId = req.headers['mcp-session-id'];
    let transport = sessionId ? this.sessions[sessionId] : undefined;
    if (!transport) {
      if (sessionId || !isInitializeRequest(req.body)) {
        res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
        return;
      }
      const created = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          this.sessions[id] = created;
        },
      });
      transport = created;
      await this.buildServer().connect(created);
    }
    await transport.handleRequest(req, res, req.body);
  };

  onSessionRequest = async (req, res) => {
    const transport = this.sessions[req.headers['mcp-session-id']];
    if (!transport) {
      res.status(400).send('Invalid or missing session ID');
      return;
    }
    await transport.handleRequest(req, res);
  };

  start() {
    return this.app.listen(this.config.port);
  }
}
