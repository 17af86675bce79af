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
    // @mcp-migrate-todo(session-transport/session-id-generator): the transport is created in the method `reopen()`, not in a route handler: replace the method, the session registry and the routing that calls it with one stateless endpoint by hand. The transport is re-created under a session id it is handed (its `sessionIdGenerator` returns the parameter `sessionId` of the method `reopen()`), to resume a session an earlier request or another instance started: with no sessions there is nothing to resume, so this method, the code that rebuilds a session's server around it and the metadata kept for that go with the session routing. This file stays on SDK 1.x (the sdk-v2 step left it there, see MIGRATION.md), which has no `createMcpHandler`: the stateless idiom here is SDK 1.x's. --modern-only does not remove this sessionful path: SDK 1.x serves 2025-era clients only, so without it this endpoint would serve no client at all; move the file to SDK v2 first, then run apply again. On SDK 1.x, serve each POST with a new server from `buildServer()` and a new transport with `sessionIdGenerator: undefined` (`await server.connect(transport); await transport.handleRequest(req, res, req.body)`, both closed when the response closes), and answer GET and DELETE with 405 (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    return new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
  }
}
