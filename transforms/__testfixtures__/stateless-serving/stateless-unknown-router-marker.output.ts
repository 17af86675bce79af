/**
 * SDK 1.x's stateless idiom (a server and a `sessionIdGenerator: undefined` transport per request) in a route of a
 * router handed in untyped (`app: any`, registered by code mcp-migrate does not see), a router it does not follow:
 * not rewritten, and the marker says what replaces it, with no session registry or routes to remove.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function buildServer(): McpServer {
  return new McpServer({ name: 'greeter', version: '0.0.1' });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const statelessPlugin = async (fastify: any, options: { endpoint: string }) => {
  // @mcp-migrate-todo(session-transport/session-id-generator): SDK 1.x's stateless serving (a server and a transport per request) on an unrecognised router is not rewritten automatically: it has no session to replace, but it speaks the 2025 protocol only: replace the route's transport by hand. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  fastify.post(options.endpoint, async (req: any, reply: any) => {
    const server = buildServer();
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req.raw, reply.raw, req.body);
  });
};
