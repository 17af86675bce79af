// A v1 server: tools, a prompt and a resource on McpServer, the handler context as `extra`,
// SDK errors, and a stateless Streamable HTTP endpoint on express.
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const notes: string[] = [];

server.tool('add_note', 'Adds a note', { text: z.string().describe('The note') }, async ({ text }, extra): Promise<CallToolResult> => {
  if (extra.signal.aborted) throw new McpError(ErrorCode.InternalError, 'cancelled');
  notes.push(text);
  console.error(`note added in request ${String(extra.requestId)}`);
  return { content: [{ type: 'text', text: `${notes.length} notes` }] };
});

server.tool('count_notes', async () => ({
  content: [{ type: 'text', text: String(notes.length) }],
}));

server.prompt('summarise', { topic: z.string() }, ({ topic }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: `Summarise the notes about ${topic}` } }],
}));

server.resource('all-notes', 'notes://all', async (uri) => ({
  contents: [{ uri: uri.href, text: notes.join('\n') }],
}));

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
