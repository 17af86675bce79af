/**
 * A stdio entry whose async factory takes values built once per process (a store, a name):
 * serveStdio gets a closure calling it, and `server.close()` on shutdown becomes the handle's `close()`.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

interface NoteStore {
  notes: string[];
  close(): Promise<void>;
}

async function openStore(): Promise<NoteStore> {
  return { notes: [], close: async () => {} };
}

async function buildServer(store: NoteStore, name: string): Promise<McpServer> {
  const server = new McpServer({ name, version: '1.0.0' });
  server.registerTool('count-notes', { description: 'How many notes the store holds' }, async () => ({
    content: [{ type: 'text', text: String(store.notes.length) }],
  }));
  return server;
}

function onStdinEnd(close: () => Promise<void>): void {
  process.stdin.on('end', () => void close());
}

export async function startStdio(): Promise<void> {
  const store = await openStore();
  const server = await buildServer(store, 'notes');
  const transport = new StdioServerTransport();
  await server.connect(transport);

  // The client is gone when stdin ends: release the store too.
  onStdinEnd(async () => {
    await server.close();
    await store.close();
  });
}
