import { FastMCP, type FastMCPSession } from 'fastmcp';
import { z } from 'zod';

const server = new FastMCP({ name: 'digest', version: '1.0.0' });

/** Asks the connected client's model for a summary. */
async function summarise(session: FastMCPSession, text: string): Promise<string> {
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
