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
    const notification: LogNotification = {
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: {
        level,
        logger: 'console',
        data,
      },
    };
    // One message per line.
    this.originalStdoutWrite.call(process.stdout, JSON.stringify(notification) + '\n');
  }

  sendProgress(token: string, progress: number): void {
    const notification = { jsonrpc: '2.0' as const, method: 'notifications/progress', params: { progressToken: token, progress } };
    this.originalStdoutWrite.call(process.stdout, JSON.stringify(notification) + '\n');
  }
}

export function fallbackLog(message: string): void {
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: message } }) + '\n');
}

export function relay(write: typeof process.stdout.write, message: string): void {
  const line = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: message } };
  write.call(process.stdout, JSON.stringify(line) + '\n');
}

const server = new McpServer({ name: 'console', version: '1.0.0' }, { capabilities: { logging: {}, tools: {} } });
await server.connect(new ConsoleTransport());
