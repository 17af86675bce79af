// A plain JavaScript (CommonJS) v1 server over stdio.
const { StdioServerTransport } = require('@modelcontextprotocol/server/stdio');
const { McpServer, ProtocolError, ProtocolErrorCode } = require('@modelcontextprotocol/server');
const { z } = require('zod');

const server = new McpServer({ name: 'echo', version: '1.0.0' });

server.registerTool('echo', { description: 'Echoes the text back', inputSchema: z.object({ text: z.string() }) }, async ({ text }, ctx) => {
  if (ctx.mcpReq.signal.aborted) throw new ProtocolError(ProtocolErrorCode.InternalError, 'cancelled');
  return { content: [{ type: 'text', text }] };
});

async function main() {
  await server.connect(new StdioServerTransport());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
