/**
 * SDK 1.x's stateless idiom (a server and a `sessionIdGenerator: undefined` transport per request) written in a
 * method the express route calls (Azure-Samples/mcp-container-ts): not rewritten, and the marker at its transport
 * says what replaces it, with no session registry to remove (there is none).
 */
import express, { type Request, type Response } from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

class StreamableServer {
  private buildServer(): McpServer {
    return new McpServer({ name: 'todos', version: '1.0.0' });
  }

  async handlePost(req: Request, res: Response): Promise<void> {
    const server = this.buildServer();
    // @mcp-migrate-todo(session-transport/session-id-generator): the transport is created per request in the method `handlePost()`, not in a route handler (SDK 1.x's stateless idiom: no session to replace, but it speaks the 2025 protocol only): replace the method and the routing that calls it with one stateless endpoint by hand. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }
}

const mcp = new StreamableServer();
const app = express();
app.use(express.json());
app.post('/mcp', (req, res) => mcp.handlePost(req, res));
app.listen(3000);
