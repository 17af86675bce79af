/**
 * A registry that hands each tool handler a set of notifier closures bound to the server it
 * registers on (SDK v2, cyanheads/mcp-ts-template's shape): each list-changed / resource-updated send
 * publishes through publishServerEvent() (the generated mcp-server-events module's shared bus, which
 * createMcpHandler's subscriptions/listen streams read; serveStdio still gets the server's own send), and
 * so does a send of its own elsewhere. McpServer's send*ListChanged() return void: `void` keeps that type.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

interface Notifiers {
  promptsChanged(): void;
  resourcesChanged(): void;
  resourceUpdated(uri: string): Promise<void>;
  toolsChanged(): void;
}

type ToolDefinition = { name: string; description: string; run: (args: { id: string }, notifiers: Notifiers) => Promise<string> };

export class ToolRegistry {
  constructor(private readonly definitions: ToolDefinition[]) {}

  registerAll(server: McpServer): void {
    // Bound once per server: never shared between instances.
    const notifiers: Notifiers = {
      promptsChanged: () => server.sendPromptListChanged(),
      resourcesChanged: () => server.sendResourceListChanged(),
      resourceUpdated: (uri: string) => server.server.sendResourceUpdated({ uri }),
      toolsChanged: () => server.sendToolListChanged(),
    };

    for (const definition of this.definitions) {
      server.registerTool(definition.name, { description: definition.description, inputSchema: z.object({ id: z.string() }) }, async (args) => {
        const text = await definition.run(args, notifiers);
        return { content: [{ type: 'text', text }] };
      });
    }
  }
}

export function reloadCatalogue(server: McpServer): void {
  server.sendResourceListChanged();
}
