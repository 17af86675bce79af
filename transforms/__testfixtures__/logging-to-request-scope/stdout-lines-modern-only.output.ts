/**
 * A stdio server on SDK v2 whose transport turns console output into log lines it writes to stdout
 * itself, and a fallback logger that does the same. With --modern-only no 2025-era client reads them:
 * each line goes to stderr without its JSON-RPC envelope. The progress line is not a log message, and
 * the write through a function handed in from outside is not provably stdout's own write: both keep
 * what they were, the second marked, and so the logging capability stays (marked) while it still sends.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import process from 'node:process';

type Level = 'error' | 'warning' | 'info' | 'debug';

interface LogNotification {
  jsonrpc: '2.0';
  method: 'notifications/message';
  params: { level: Level; logger?: string; data: unknown };
}

export class ConsoleTransport extends StdioServerTransport {
  private originalStdoutWrite: typeof process.stdout.write;

  constructor() {
    super();
    this.originalStdoutWrite = process.stdout.write;
  }

  /** Sends one console line to the client as a log message. */
  sendLog(level: Level, data: unknown): void {
    const notification: LogNotification['params'] = {
      level,
      logger: 'console',
      data,
    };
    // One message per line.
    process.stderr.write(JSON.stringify(notification) + '\n');
  }

  sendProgress(token: string, progress: number): void {
    const notification = { jsonrpc: '2.0' as const, method: 'notifications/progress', params: { progressToken: token, progress } };
    this.originalStdoutWrite.call(process.stdout, JSON.stringify(notification) + '\n');
  }
}

export function fallbackLog(message: string): void {
  process.stderr.write(JSON.stringify({ level: 'error', data: message }) + '\n');
}

export function relay(write: typeof process.stdout.write, message: string): void {
  // @mcp-migrate-todo(deprecated-feature/logging): a notifications/message written straight to stdout, outside any request: 2025-era stdio clients still take it, but a 2026-07-28 client must not get one unless a request asked for a log level (_meta io.modelcontextprotocol/logLevel), and then only as part of that request (Logging is deprecated, SEP-2577). stderr is the log channel of a stdio server: for 2026-07-28 clients write the line there (console.error / process.stderr.write) instead of wrapping it in a notification; keep the notification only while the connection is a 2025-era one (serveStdio tells the two apart), or log with ctx.mcpReq.log(level, data, logger) in the handler the line is about. Not moved to stderr by --modern-only: the write is not provably process.stdout's own write of a plain { jsonrpc, method, params } message (a function handed in, a message built elsewhere); move it by hand.
  const line = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: message } };
  write.call(process.stdout, JSON.stringify(line) + '\n');
}

// @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
const server = new McpServer({ name: 'console', version: '1.0.0' }, { capabilities: { logging: {}, tools: {} } });
await server.connect(new ConsoleTransport());
