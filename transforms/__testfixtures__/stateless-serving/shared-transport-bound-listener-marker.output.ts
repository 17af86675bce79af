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

// @mcp-migrate-todo(session-transport/session-id-generator): one stateless transport is created once, outside any route, and serves every request it is handed (the SDK serves one request per stateless transport: current 1.x releases throw on the second, and a shared one mixes up the ids of concurrent requests), and it speaks the 2025 protocol only: replace it and the code that hands it the requests with one stateless endpoint by hand. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
await server.connect(transport);

// @mcp-migrate-todo(session-transport/session-route): every request of every method is handed to the one stateless transport created in this file (marked there): replace this listener and that transport together. Serve the endpoint with `toNodeHandler(createMcpHandler(buildServer))` from the request listener (route other paths before it; GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
const handleRequest = transport.handleRequest.bind(transport);
createServer(handleRequest).listen(3000);
