/**
 * SDK 1.x's stateless idiom (a server and a `sessionIdGenerator: undefined` transport per request) in a handler the
 * app mounts on each path of a loop (GLips/Figma-Context-MCP's /mcp and /sse), made in a callback the handler hands
 * to a scope helper of the project: not rewritten, and the marker says what replaces it, with no session registry or
 * routing to remove.
 */
import express, { type Request, type Response } from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

function buildServer(): McpServer {
  return new McpServer({ name: 'designs', version: '1.0.0' });
}

async function withRequestScope(run: () => Promise<void>): Promise<void> {
  await run();
}

const app = express();
app.use(express.json());

const handlePost = async (req: Request, res: Response) => {
  await withRequestScope(async () => {
    // @mcp-migrate-todo(session-transport/session-id-generator): the transport is created per request, but not in a route handler mcp-migrate recognises (SDK 1.x's stateless idiom: no session to replace, but it speaks the 2025 protocol only): replace it and the code that hands it the request by hand. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = buildServer();
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
};

for (const path of ['/mcp', '/sse']) app.post(path, handlePost);
app.listen(3000);
