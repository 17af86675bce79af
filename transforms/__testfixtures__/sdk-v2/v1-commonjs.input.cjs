// A plain JavaScript (CommonJS) v1 server over stdio.
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { McpError, ErrorCode } = require('@modelcontextprotocol/sdk/types.js');
const { z } = require('zod');

const server = new McpServer({ name: 'echo', version: '1.0.0' });

server.tool('echo', 'Echoes the text back', { text: z.string() }, async ({ text }, extra) => {
  if (extra.signal.aborted) throw new McpError(ErrorCode.InternalError, 'cancelled');
  return { content: [{ type: 'text', text }] };
});

async function main() {
  await server.connect(new StdioServerTransport());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
