/**
 * Sessions rebuilt on whichever instance a request lands on: the directory (shared storage) says the session
 * exists; its server and transport are made again here and kept while the session is used.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface SessionRecord {
  id: string;
  openedAt: number;
}

export interface SessionDirectory {
  save(record: SessionRecord): Promise<void>;
  find(id: string): Promise<SessionRecord | undefined>;
}

export class SessionInstances {
  private readonly held = new Map<string, StreamableHTTPServerTransport>();

  constructor(
    private readonly directory: SessionDirectory,
    private readonly build: () => McpServer,
  ) {}

  async resume(sessionId: string): Promise<StreamableHTTPServerTransport> {
    const held = this.held.get(sessionId);
    if (held) return held;
    const record = await this.directory.find(sessionId);
    if (!record) throw new Error(`unknown session ${sessionId}`);
    const transport = this.reopen(record.id);
    await this.build().connect(transport);
    this.held.set(sessionId, transport);
    return transport;
  }

  /** The rebuilt transport answers to the session's id, not a new one. */
  private reopen(sessionId: string): StreamableHTTPServerTransport {
    return new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
  }
}
