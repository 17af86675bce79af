/**
 * A stdio server left on SDK 1.x with --modern-only (what apply does when it holds the SDK v2 move back:
 * the transforms run as --target stateless-v1, --modern-only still given). Its transport turns console
 * output into notifications/message lines it writes to stdout itself, with a fallback line when the
 * first cannot be serialised, and the startup failure path and the module logger do the same. No
 * 2025-era client is to be served, so every line goes to stderr without its JSON-RPC envelope, and the
 * logging capability, which nothing needs any more, goes with them.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import process from 'node:process';

type Level = 'emergency' | 'alert' | 'critical' | 'error' | 'warning' | 'notice' | 'info' | 'debug';

interface LogNotification {
  jsonrpc: '2.0';
  method: 'notifications/message';
  params: { level: Level; logger?: string; data: unknown };
}

export class FilteredStdioServerTransport extends StdioServerTransport {
  private originalStdoutWrite: typeof process.stdout.write;
  private isInitialized = false;

  constructor() {
    super();
    this.originalStdoutWrite = process.stdout.write;
    console.log = (...args: unknown[]) => this.sendLogNotification('info', args);
  }

  enableNotifications(): void {
    this.isInitialized = true;
  }

  private sendLogNotification(level: Level, args: unknown[]): void {
    if (!this.isInitialized) return;
    try {
      const notification: LogNotification['params'] = {
        level: level,
        logger: 'desktop-commander',
        data: args.map(String).join(' '),
      };
      process.stderr.write(JSON.stringify(notification) + '\n');
    } catch {
      const fallbackNotification = {
        level: 'error',
        logger: 'desktop-commander',
        data: `Log serialization failed: ${args.join(' ')}`,
      };
      process.stderr.write(JSON.stringify(fallbackNotification) + '\n');
    }
  }
}

export function logToStderr(level: Level, message: string): void {
  const notification = {
    level: level,
    logger: 'desktop-commander',
    data: message,
  };
  process.stderr.write(JSON.stringify(notification) + '\n');
}

const server = new Server(
  { name: 'desktop-commander', version: '1.0.0' },
  {
    capabilities: {
      tools: {},
    },
  },
);

const transport = new FilteredStdioServerTransport();
server.oninitialized = () => transport.enableNotifications();
try {
  await server.connect(transport);
} catch (error) {
  const errorNotification = {
    level: 'error',
    logger: 'desktop-commander',
    data: `Failed to start server: ${String(error)}`,
  };
  process.stderr.write(JSON.stringify(errorNotification) + '\n');
  logToStderr('error', 'startup failed');
}
