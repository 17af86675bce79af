/**
 * One stateless transport made at start-up, whose own `handleRequest` is node:http's listener
 * (ridafkih/media-library-management-mcp, sweep 13 L6): every request of every method reaches that one transport.
 * Not rewritten; the transport and the listener handing it the requests each get a marker (scan reports both).
 */
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const server = new McpServer({ name: 'media', version: '1.0.0' });
server.registerTool('list_media', { description: 'List the library.' }, async () => ({ content: [{ type: 'text', text: '[]' }] }));

const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
await server.connect(transport);

const handleRequest = transport.handleRequest.bind(transport);
createServer(handleRequest).listen(3000);
