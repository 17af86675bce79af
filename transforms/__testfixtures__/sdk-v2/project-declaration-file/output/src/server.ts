import { McpServer } from '@modelcontextprotocol/server';
import { handleWhoami } from './handlers.js';

export const server = new McpServer({ name: 'lists', version: '1.0.0' });
server.registerTool('whoami', { description: 'Names the server' }, (extra) => handleWhoami({}, extra));
