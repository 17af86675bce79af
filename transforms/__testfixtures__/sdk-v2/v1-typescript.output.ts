// A v1 server: tools, a prompt and a resource on McpServer, the handler context as `extra`,
// SDK errors, and a stateless Streamable HTTP endpoint on express.
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const notes: string[] = [];

server.registerTool('add_note', { description: 'Adds a note', inputSchema: z.object({ text: z.string().describe('The note') }) }, async ({ text }, ctx): Promise<CallToolResult> => {
  if (ctx.mcpReq.signal.aborted) throw new ProtocolError(ProtocolErrorCode.InternalError, 'cancelled');
  notes.push(text);
  console.error(`note added in request ${String(ctx.mcpReq.id)}`);
  return { content: [{ type: 'text', text: `${notes.length} notes` }] };
});

server.registerTool('count_notes', {}, async () => ({
  content: [{ type: 'text', text: String(notes.length) }],
}));

server.registerPrompt('summarise', { argsSchema: z.object({ topic: z.string() }) }, ({ topic }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: `Summarise the notes about ${topic}` } }],
}));

server.registerResource('all-notes', 'notes://all', {}, async (uri) => ({
  contents: [{ uri: uri.href, text: notes.join('\n') }],
}));

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
