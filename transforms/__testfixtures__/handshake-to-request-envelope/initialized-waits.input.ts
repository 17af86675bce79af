/**
 * A low-level server (SDK 1.x) that sets up its backend when the client says it is initialized, and
 * makes every tool call wait for that: the hook is installed by a helper through a computed name, and
 * the handler awaits the promise only the hook resolves. On 2026-07-28 neither ever runs.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';

function onServerEvent(server: Server, event: 'close' | 'initialized', listener: () => void) {
  const previous = server[`on${event}`];
  server[`on${event}`] = () => {
    previous?.();
    listener();
  };
}

export function createServer(connect: () => Promise<void>): Server {
  let ready: () => void = () => {};
  const initialized = new Promise<void>((resolve) => (ready = resolve));
  const server = new Server({ name: 'browser', version: '1.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    await initialized;
    return { content: [{ type: 'text', text: `ran ${request.params.name}` }] };
  });

  onServerEvent(server, 'initialized', () => {
    void connect().then(() => ready());
  });
  return server;
}
