import { FastMCP, type FastMCPSession } from 'fastmcp';
import { z } from 'zod';

const server = new FastMCP({ name: 'digest', version: '1.0.0' });

/** Whether the client declared sampling when its session started. */
function canSample(session: FastMCPSession): boolean {
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
