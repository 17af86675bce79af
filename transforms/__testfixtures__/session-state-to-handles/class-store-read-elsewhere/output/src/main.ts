import { randomUUID } from "node:crypto";
import { createServer } from "node:http";

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

import { ConnectionManager } from "./connection-manager.js";
import { register as registerHistory } from "./tools/history.js";
import { register as registerVisit } from "./tools/visit.js";

const connectionManager = new ConnectionManager();

function createMcpServer(): McpServer {
  const server = new McpServer({ name: "al4", version: "0.1.0" });
  registerVisit(server, connectionManager);
  registerHistory(server, connectionManager);
  return server;
}

// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
const transports = new Map<string, StreamableHTTPServerTransport>();

createServer(async (req, res) => {
  const sessionId = req.headers["mcp-session-id"] as string | undefined;
  const existing = sessionId ? transports.get(sessionId) : undefined;
  if (existing) {
    await existing.handleRequest(req, res);
    return;
  }
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      transports.set(id, transport);
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) transports.delete(transport.sessionId);
  };
  await createMcpServer().connect(transport);
  await transport.handleRequest(req, res);
}).listen(3000);

setInterval(() => console.error(`${connectionManager.count()} pages open`), 60_000).unref();
