/**
 * Tickets server of a package whose workspace libraries are still on SDK 1.x, so the sdk-v2 step leaves this file
 * on SDK 1.x. On --target 2026-07-28 its sessionful Streamable HTTP endpoint becomes SDK 1.x's stateless idiom (a
 * server and a `sessionIdGenerator: undefined` transport per POST, 405 for DELETE), not `createMcpHandler`, which
 * SDK 1.x does not have.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
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

const sessions: Record<string, StreamableHTTPServerTransport> = {};

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  let transport = sid ? sessions[sid] : undefined;
  if (!transport) {
    if (!isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    const opened = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions[id] = opened;
      },
    });
    transport = opened;
    await createTicketServer().connect(opened);
  }
  await transport.handleRequest(req, res, req.body);
});

app.delete('/mcp', async (req, res) => {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  const transport = sid ? sessions[sid] : undefined;
  if (!transport) {
    res.status(404).end();
    return;
  }
  await transport.handleRequest(req, res);
  if (sid) delete sessions[sid];
});

app.listen(Number(process.env.PORT ?? 3000));
