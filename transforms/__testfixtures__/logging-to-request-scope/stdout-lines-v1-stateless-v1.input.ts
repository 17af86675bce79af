/**
 * The stdio server of stdout-lines-v1-stateless-v1-modern-only (DesktopCommanderMCP's shape), left on SDK 1.x
 * without --modern-only: it still serves 2025-era clients, whose log these lines are (the server writes them
 * only once the 2025 handshake is done, oninitialized), so each is kept with a marker saying where it must go
 * for 2026-07-28 clients and that --modern-only moves it; the logging capability stays while they are sent.
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
      const notification: LogNotification = {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: {
          level: level,
          logger: 'desktop-commander',
          data: args.map(String).join(' '),
        },
      };
      this.originalStdoutWrite.call(process.stdout, JSON.stringify(notification) + '\n');
    } catch {
      const fallbackNotification = {
        jsonrpc: '2.0' as const,
        method: 'notifications/message',
        params: {
          level: 'error',
          logger: 'desktop-commander',
          data: `Log serialization failed: ${args.join(' ')}`,
        },
      };
      this.originalStdoutWrite.call(process.stdout, JSON.stringify(fallbackNotification) + '\n');
    }
  }
}

export function logToStderr(level: Level, message: string): void {
  const notification = {
    jsonrpc: '2.0' as const,
    method: 'notifications/message',
    params: {
      level: level,
      logger: 'desktop-commander',
      data: message,
    },
  };
  process.stdout.write(JSON.stringify(notification) + '\n');
}

const server = new Server(
  { name: 'desktop-commander', version: '1.0.0' },
  {
    capabilities: {
      tools: {},
      logging: {}, // console output is forwarded as log messages
    },
  },
);

const transport = new FilteredStdioServerTransport();
server.oninitialized = () => transport.enableNotifications();
try {
  await server.connect(transport);
} catch (error) {
  const errorNotification = {
    jsonrpc: '2.0' as const,
    method: 'notifications/message',
    params: { level: 'error', logger: 'desktop-commander', data: `Failed to start server: ${String(error)}` },
  };
  process.stdout.write(JSON.stringify(errorNotification) + '\n');
  logToStderr('error', 'startup failed');
}
