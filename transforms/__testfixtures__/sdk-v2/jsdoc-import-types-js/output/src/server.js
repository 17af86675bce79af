import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';
import { registerNotesTools } from './tools.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
registerNotesTools(server);
await server.connect(new StdioServerTransport());
