/**
 * cyanheads/mcp-ts-template's shape: the stdio entry is handed a server built by its caller. serveStdio needs a
 * factory (it builds one server for the connection, and one more for a discarded `server/discover` probe), so
 * this is marked with what the caller must change; nothing is rewritten.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export async function startStdioTransport(server: McpServer): Promise<McpServer> {
  const transport = new StdioServerTransport();
  // @mcp-migrate-todo(session-state/per-session-server): the server arrives built, as the parameter `server` of `startStdioTransport`: serveStdio builds a fresh server from a factory for the connection (and one more for a `server/discover` probe it discards), so a server built beforehand cannot be handed to it. Make `startStdioTransport` take the factory instead (its callers pass the function that builds the server) and serve with it. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  await server.connect(transport);
  console.error('MCP Server running in STDIO mode.');
  return server;
}

export class StdioRunner {
  constructor(private readonly server: McpServer) {}

  async start(): Promise<void> {
    const transport = new StdioServerTransport();
    // @mcp-migrate-todo(session-state/per-session-server): the server arrives built, in the field `this.server` its class is given: serveStdio builds a fresh server from a factory for the connection (and one more for a `server/discover` probe it discards), so a server built beforehand cannot be handed to it. Give the class the factory instead (whoever constructs it passes the function that builds the server) and serve with it. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    await this.server.connect(transport);
  }
}

// jdutton/mcp-typescript-simple's shape: the transport is kept in a field, connected later to the server the class was given.
export class StdioTransportManager {
  private server?: McpServer;
  private transport?: StdioServerTransport;

  async initialize(server: McpServer): Promise<void> {
    this.server = server;
    // @mcp-migrate-todo(session-state/per-session-server): the stdio transport is kept in a field and connected to a server that arrives built, in the field `this.server` its class is given: serveStdio builds a fresh server from a factory for the connection (and one more for a `server/discover` probe it discards), so a server built beforehand cannot be handed to it. Give the class the factory instead (whoever constructs it passes the function that builds the server) and serve with it. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    this.transport = new StdioServerTransport();
  }

  async start(): Promise<void> {
    if (!this.server || !this.transport) throw new Error('Transport not initialized');
    await this.server.connect(this.transport);
  }

  async stop(): Promise<void> {
    await this.transport?.close();
  }
}
