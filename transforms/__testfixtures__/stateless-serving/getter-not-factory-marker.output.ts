/**
 * The server is built per session and handed to a wrapper that registers the tools on it; the route then connects
 * `wrapper.getMcpServer()`, which only returns the server the wrapper was given (nrwl/nx-console's shape, sweep 18 R2).
 * That method is no factory: a closure calling it on one wrapper would serve every request with the same instance.
 * Not rewritten: the marker asks for a function that builds a new server each time.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';

class WorkspaceServerWrapper {
  private constructor(private readonly server: McpServer) {}

  static async create(server: McpServer, root: string): Promise<WorkspaceServerWrapper> {
    server.registerTool('workspace_root', { description: 'Where the workspace is.' }, async () => ({
      content: [{ type: 'text', text: root }],
    }));
    return new WorkspaceServerWrapper(server);
  }

  getMcpServer(): McpServer {
    return this.server;
  }
}

const root = process.cwd();
const app = express();
app.use(express.json());
const transports: Record<string, NodeStreamableHTTPServerTransport> = {};

app.post('/mcp', async (req, res) => {
  const sessionId = req.header('mcp-session-id');
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    if (!isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    const created = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = created;
      },
    });
    transport = created;
    const sessionServer = new McpServer({ name: 'workspace', version: '1.0.0' });
    const wrapper = await WorkspaceServerWrapper.create(sessionServer, root);
    // @mcp-migrate-todo(session-state/per-session-server): `wrapper.getMcpServer()` returns the server its object holds (`this.server`), not a new one per call, so it is no factory: the entry needs a function that builds and returns a new server each time (what the code does before it: `new McpServer(…)` and what registers the tools on it), and serves with it. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    await wrapper.getMcpServer().connect(created);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
