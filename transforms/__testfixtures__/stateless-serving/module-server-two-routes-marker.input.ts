/**
 * One module-level server connected by two routes (fixtures/per-session-js's shape): a sessionful one and a stateless
 * one. Neither route's server can become a factory of its own: the other route connects the same object, in a handler
 * that runs later. Both are marked, and no route registration is moved into a factory (it was, and the two rewrites'
 * edits collided: the transform failed).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const statusServer = new McpServer({ name: 'status', version: '1.0.0' });
statusServer.registerTool('status', { description: 'Is it up?' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));

const app = express();
app.use(express.json());

app.post('/status', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await statusServer.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.post('/stateless', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await statusServer.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
