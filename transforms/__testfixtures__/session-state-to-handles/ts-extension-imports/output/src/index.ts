import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { registerSandboxTools } from './tools.ts';

const server = new McpServer({ name: 'sql-sandbox', version: '0.3.0' });
registerSandboxTools(server);
await server.connect(new StdioServerTransport());
