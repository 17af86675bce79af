import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { handleWhoami } from './handlers.js';

export const server = new McpServer({ name: 'lists', version: '1.0.0' });
server.registerTool('whoami', { description: 'Names the server' }, (extra) => handleWhoami({}, extra));
