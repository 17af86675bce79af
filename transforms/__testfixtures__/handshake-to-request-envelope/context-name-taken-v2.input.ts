/**
 * A low-level tools/call dispatcher whose branch already declares a local `ctx` (the user's profile, vncsleal/grist):
 * the handler is given its context parameter under another name, and the capability read uses that name, so the
 * profile keeps being what `ctx` means (sweep 32 AF4; before, the read was left with a marker).
 */
import { Server } from '@modelcontextprotocol/server';

function loadContext(): { topics: string[] } {
  return { topics: ['mcp'] };
}

export function createServer(): Server {
  const server = new Server({ name: 'feeds', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', async (req) => {
    switch (req.params.name) {
      case 'discover': {
        const ctx = loadContext();
        const canSample = !!server.getClientCapabilities()?.sampling;
        return { content: [{ type: 'text' as const, text: `${ctx.topics.join(',')} sampling=${canSample}` }] };
      }
      default:
        throw new Error(`unknown tool ${req.params.name}`);
    }
  });
  return server;
}
