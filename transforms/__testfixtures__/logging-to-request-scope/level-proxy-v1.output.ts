/**
 * A server that replaces its own sendLoggingMessage with a filter by the level logging/setLevel stored
 * (the SDK 1.x session level). Moving the tool's log line onto its request would skip that filter, so
 * 2025-era clients would get lines below the level they set: it is marked, not rewritten, and the kept
 * original and the setLevel handler get markers saying what they are for.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, SetLevelRequestSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';

const ORDER: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

export class Worker {
  // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
  private readonly server = new Server({ name: 'worker', version: '1.0.0' }, { capabilities: { tools: {}, logging: {} } });
  private level: LoggingLevel = 'info';

  constructor() {
    this.setupLoggingProxy();
    // @mcp-migrate-todo(deprecated-feature/logging): logging/setLevel was removed in 2026-07-28: the client sends the level with every request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log honours it. This handler only serves 2025-era clients; remove it (the SDK installs one when the logging capability is declared).
    this.server.setRequestHandler(SetLevelRequestSchema, async (request) => {
      this.level = request.params.level;
      return {};
    });
    this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      // @mcp-migrate-todo(deprecated-feature/logging): sendLoggingMessage in a request handler, not moved onto the request: this server's sendLoggingMessage is replaced by the project's level filter (assigned in `setupLoggingProxy`), and the request-scoped send would skip it, so 2025-era clients would get messages below the level they set. On 2026-07-28 the level comes with each request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log(level, data, logger) filters by it: when the server moves to SDK v2, log with ctx.mcpReq.log here and keep the filter (with its logging/setLevel handler) only for 2025-era clients.
      await this.server.sendLoggingMessage({ level: 'debug', data: `calling ${request.params.name}` });
      return { content: [{ type: 'text', text: `done in ${extra.requestId}` }] };
    });
  }

  private setupLoggingProxy(): void {
    // @mcp-migrate-todo(deprecated-feature/logging): the original sendLoggingMessage, kept so a replacement can filter log messages by the level logging/setLevel stored for the session: 2025-era behaviour only. On 2026-07-28 there is no session level; the client sends the level with each request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log(level, data, logger) filters by it. Keep the filter for 2025-era clients, and remove it with the setLevel handler when they are gone.
    const original = this.server.sendLoggingMessage.bind(this.server);
    this.server.sendLoggingMessage = async (params) => {
      if (ORDER.indexOf(params.level) >= ORDER.indexOf(this.level)) await original(params);
    };
  }

  async start(): Promise<void> {
    await this.server.connect(new StdioServerTransport());
  }
}
