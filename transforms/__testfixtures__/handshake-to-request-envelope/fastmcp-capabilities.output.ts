import { FastMCP, type FastMCPSession } from 'fastmcp';
import { z } from 'zod';

const server = new FastMCP({ name: 'digest', version: '1.0.0' });

/** Whether the client declared sampling when its session started. */
function canSample(session: FastMCPSession): boolean {
  // @mcp-migrate-todo(handshake/client-capabilities): FastMCP: `session.clientCapabilities` comes from the `initialize` handshake, which 2026-07-28 removes, and FastMCP 4 (on SDK 1.x) has no per-request envelope to read them from instead. Do not depend on them: offer the feature to every client, or take the choice as a tool argument. The FastMCP path on stdio: the connection is the session, and FastMCP 4 (on SDK 1.x) cannot serve 2026-07-28; drop the per-connection hooks (`server.on("connect")`) and the server→client requests, keep state that spans calls behind an explicit handle a tool returns, and serve with SDK v2's `serveStdio` (or a FastMCP release on SDK v2).
  return !!session.clientCapabilities?.sampling;
}

server.addTool({
  name: 'digest',
  description: 'Summarise a text, with the client model when it can sample',
  parameters: z.object({ text: z.string() }),
  execute: async (args) => {
    const session = server.sessions[0]; // the first connected client
    // Clients that cannot sample get the first sentence.
    if (!session || !canSample(session)) return args.text.split('.')[0] ?? '';
    return `(${args.text.length} characters to summarise)`;
  },
});

await server.start({ transportType: 'stdio' });
