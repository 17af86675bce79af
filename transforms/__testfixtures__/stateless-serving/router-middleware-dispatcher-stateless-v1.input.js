/**
 * Plain JS, SDK 1.x, --target stateless-v1: an express Router whose one handler is mounted on GET, POST and
 * DELETE of /mcp behind the same CORS and security-header middleware. The handler keeps sessions in a plain
 * object; the rewrite serves each POST with a new server and transport, answers other methods with 405, and
 * leaves the mounts and their middleware as they are.
 */
import { randomUUID } from 'node:crypto';
import cors from 'cors';
import { Router } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

function buildWeatherServer() {
  const server = new McpServer({ name: 'weather', version: '1.3.0' });
  server.registerTool('forecast', { description: 'Tomorrow in one word' }, async () => ({ content: [{ type: 'text', text: 'sunny' }] }));
  return server;
}

const corsOptions = { origin: true, methods: ['GET', 'POST', 'DELETE'] };

function securityHeaders(_req, res, next) {
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  next();
}

const sessions = {};

const handleMcp = async (req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  try {
    if (req.method === 'POST' && !sessionId && isInitializeRequest(req.body)) {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions[id] = transport;
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) delete sessions[transport.sessionId];
      };
      await buildWeatherServer().connect(transport);
      await transport.handleRequest(req, res, req.body);
      return;
    }
    if (!sessionId || !sessions[sessionId]) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: no valid session' }, id: null });
      return;
    }
    await sessions[sessionId].handleRequest(req, res, req.body);
  } catch (error) {
    console.error('Error handling MCP request:', error);
    if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
  }
};

export const weatherRouter = Router();

weatherRouter.get('/mcp', cors(corsOptions), securityHeaders, handleMcp);
weatherRouter.post('/mcp', cors(corsOptions), securityHeaders, handleMcp);
weatherRouter.delete('/mcp', cors(corsOptions), securityHeaders, handleMcp);
