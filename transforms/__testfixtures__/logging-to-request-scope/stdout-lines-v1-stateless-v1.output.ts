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
      // @mcp-migrate-todo(deprecated-feature/logging): a notifications/message written straight to stdout, outside any request: 2025-era stdio clients still take it, but a 2026-07-28 client must not get one unless a request asked for a log level (_meta io.modelcontextprotocol/logLevel), and then only as part of that request (Logging is deprecated, SEP-2577). stderr is the log channel of a stdio server: for 2026-07-28 clients write the line there (console.error / process.stderr.write) instead of wrapping it in a notification; keep the notification only while the connection is a 2025-era one (serveStdio tells the two apart), or log with ctx.mcpReq.log(level, data, logger) in the handler the line is about. Kept: it is the log of the 2025-era clients this server still serves; apply --modern-only (2026-07-28 clients only) writes it to stderr without its JSON-RPC envelope.
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
      // @mcp-migrate-todo(deprecated-feature/logging): a notifications/message written straight to stdout, outside any request: 2025-era stdio clients still take it, but a 2026-07-28 client must not get one unless a request asked for a log level (_meta io.modelcontextprotocol/logLevel), and then only as part of that request (Logging is deprecated, SEP-2577). stderr is the log channel of a stdio server: for 2026-07-28 clients write the line there (console.error / process.stderr.write) instead of wrapping it in a notification; keep the notification only while the connection is a 2025-era one (serveStdio tells the two apart), or log with ctx.mcpReq.log(level, data, logger) in the handler the line is about. Kept: it is the log of the 2025-era clients this server still serves; apply --modern-only (2026-07-28 clients only) writes it to stderr without its JSON-RPC envelope.
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
  // @mcp-migrate-todo(deprecated-feature/logging): a notifications/message written straight to stdout, outside any request: 2025-era stdio clients still take it, but a 2026-07-28 client must not get one unless a request asked for a log level (_meta io.modelcontextprotocol/logLevel), and then only as part of that request (Logging is deprecated, SEP-2577). stderr is the log channel of a stdio server: for 2026-07-28 clients write the line there (console.error / process.stderr.write) instead of wrapping it in a notification; keep the notification only while the connection is a 2025-era one (serveStdio tells the two apart), or log with ctx.mcpReq.log(level, data, logger) in the handler the line is about. Kept: it is the log of the 2025-era clients this server still serves; apply --modern-only (2026-07-28 clients only) writes it to stderr without its JSON-RPC envelope.
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
      // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
      logging: {}, // console output is forwarded as log messages
    },
  },
);

const transport = new FilteredStdioServerTransport();
server.oninitialized = () => transport.enableNotifications();
try {
  await server.connect(transport);
} catch (error) {
  // @mcp-migrate-todo(deprecated-feature/logging): a notifications/message written straight to stdout, outside any request: 2025-era stdio clients still take it, but a 2026-07-28 client must not get one unless a request asked for a log level (_meta io.modelcontextprotocol/logLevel), and then only as part of that request (Logging is deprecated, SEP-2577). stderr is the log channel of a stdio server: for 2026-07-28 clients write the line there (console.error / process.stderr.write) instead of wrapping it in a notification; keep the notification only while the connection is a 2025-era one (serveStdio tells the two apart), or log with ctx.mcpReq.log(level, data, logger) in the handler the line is about. Kept: it is the log of the 2025-era clients this server still serves; apply --modern-only (2026-07-28 clients only) writes it to stderr without its JSON-RPC envelope.
  const errorNotification = {
    jsonrpc: '2.0' as const,
    method: 'notifications/message',
    params: { level: 'error', logger: 'desktop-commander', data: `Failed to start server: ${String(error)}` },
  };
  process.stdout.write(JSON.stringify(errorNotification) + '\n');
  logToStderr('error', 'startup failed');
}
