import { FastMCP, type FastMCPSession } from 'fastmcp';
import { z } from 'zod';

const server = new FastMCP({ name: 'digest', version: '1.0.0' });

/** Asks the connected client's model for a summary. */
async function summarise(session: FastMCPSession, text: string): Promise<string> {
  // @mcp-migrate-todo(deprecated-feature/sampling): FastMCP: `session.requestSampling()` sends a server→client `sampling/createMessage` request, which throws on a 2026-07-28 request (and has no client to go to in stateless mode). Call the LLM provider from the tool instead. The FastMCP path on stdio: the connection is the session, and FastMCP 4 (on SDK 1.x) cannot serve 2026-07-28; drop the per-connection hooks (`server.on("connect")`) and the server→client requests, keep state that spans calls behind an explicit handle a tool returns, and serve with SDK v2's `serveStdio` (or a FastMCP release on SDK v2).
  const reply = await session.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise:\n${text}` } }],
    maxTokens: 200,
  });
  return reply.content.type === 'text' ? reply.content.text : '';
}

server.addTool({
  name: 'digest',
  description: 'Summarise a text with the client model',
  parameters: z.object({ text: z.string() }),
  execute: async (args) => {
    const session = server.sessions[0]; // the first connected client
    if (!session) throw new Error('digest needs a connected client');
    return summarise(session, args.text);
  },
});

await server.start({ transportType: 'stdio' });
