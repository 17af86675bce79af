/**
 * A stdio entry whose server comes from a method of an object the caller passes in (a server list
 * that builds a configured server per client): serveStdio gets a closure calling that method.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export class ServerList {
  constructor(private readonly name: string) {}

  async create(): Promise<McpServer> {
    const server = new McpServer({ name: this.name, version: '1.0.0' });
    server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    return server;
  }
}

export async function startStdioTransport(serverList: ServerList, verbose?: boolean): Promise<void> {
  if (verbose) console.error('serving on stdio');

  const server = await serverList.create();
  await server.connect(new StdioServerTransport());
}
