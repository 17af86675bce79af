/**
 * A low-level SDK 1.x server (`Server.setRequestHandler(CallToolRequestSchema, …)`): its tools/call
 * handler is a request handler like a tool callback. The log line it sends, and the log function it
 * builds for the helper doing its work, move onto the request; the log function a timer calls later
 * has no request left to travel on and stays (background logging, kept for 2025-era stdio clients).
 * The tools/list handler declares no parameters: it is given the request (unused) and its context to log on.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';

type EmitLog = (msg: { level: string; data?: unknown }) => Promise<void>;

async function build(target: string, emitLog: EmitLog): Promise<string> {
  await emitLog({ level: 'debug', data: `building ${target}` });
  return `built ${target}`;
}

const server = new Server({ name: 'builder', version: '1.0.0' }, { capabilities: { tools: {}, logging: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => {
  await server.sendLoggingMessage({ level: 'debug', data: 'listing tools' });
  return { tools: [{ name: 'build', inputSchema: { type: 'object' as const } }] };
});

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const target = String(request.params.arguments?.target ?? '');
  // The helper reports through this.
  const emitLog = async (msg: { level: string; data?: unknown }) =>
    server.sendLoggingMessage(msg as LoggingMessageNotification['params']);
  if (!target) {
    await server.sendLoggingMessage({ level: 'error', data: 'no target' });
    return { content: [{ type: 'text', text: 'no target' }], isError: true };
  }
  const text = await build(target, emitLog);
  const later = async (data: string) => server.sendLoggingMessage({ level: 'info', data });
  setTimeout(() => void later(`${target} cooled down`), 60_000);
  return { content: [{ type: 'text', text }] };
});

await server.connect(new StdioServerTransport());
