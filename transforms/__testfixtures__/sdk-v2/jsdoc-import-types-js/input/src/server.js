import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registerNotesTools } from './tools.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
registerNotesTools(server);
await server.connect(new StdioServerTransport());
