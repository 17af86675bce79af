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
  private readonly server = new Server({ name: 'worker', version: '1.0.0' }, { capabilities: { tools: {}, logging: {} } });
  private level: LoggingLevel = 'info';

  constructor() {
    this.setupLoggingProxy();
    this.server.setRequestHandler(SetLevelRequestSchema, async (request) => {
      this.level = request.params.level;
      return {};
    });
    this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      await this.server.sendLoggingMessage({ level: 'debug', data: `calling ${request.params.name}` });
      return { content: [{ type: 'text', text: `done in ${extra.requestId}` }] };
    });
  }

  private setupLoggingProxy(): void {
    const original = this.server.sendLoggingMessage.bind(this.server);
    this.server.sendLoggingMessage = async (params) => {
      if (ORDER.indexOf(params.level) >= ORDER.indexOf(this.level)) await original(params);
    };
  }

  async start(): Promise<void> {
    await this.server.connect(new StdioServerTransport());
  }
}
