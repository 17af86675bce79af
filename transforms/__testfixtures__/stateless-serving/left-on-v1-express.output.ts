/**
 * Tickets server of a package whose workspace libraries are still on SDK 1.x, so the sdk-v2 step leaves this file
 * on SDK 1.x. On --target 2026-07-28 its sessionful Streamable HTTP endpoint becomes SDK 1.x's stateless idiom (a
 * server and a `sessionIdGenerator: undefined` transport per POST, 405 for DELETE), not `createMcpHandler`, which
 * SDK 1.x does not have.
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

interface Ticket {
  id: number;
  title: string;
}

const tickets: Ticket[] = [];

function createTicketServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '0.3.0' });
  server.registerTool('open_ticket', { description: 'Open a ticket.', inputSchema: { title: z.string() } }, async ({ title }) => {
    const ticket = { id: tickets.length + 1, title };
    tickets.push(ticket);
    return { content: [{ type: 'text', text: `ticket #${ticket.id}` }] };
  });
  return server;
}

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const server = createTicketServer();
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
});

app.delete('/mcp', async (req, res) => {
  res
    .status(405)
    .set('Allow', 'POST')
    .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
});

app.listen(Number(process.env.PORT ?? 3000));
