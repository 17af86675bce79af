// The server is built once in its own module and imported by the stdio entry (review 43 S43-6).
import { McpServer } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 'jobs', version: '1.0.0' });
server.registerTool('ping', { description: 'Liveness check' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
