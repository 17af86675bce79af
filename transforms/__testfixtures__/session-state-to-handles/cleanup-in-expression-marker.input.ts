// A session cleanup that is part of a larger expression (review 44 S44-8): the arrow releases the transport and the
// visits in one comma expression. Replaced by a note, the registry's release would go with it: the store is marked instead.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

const visits = new Map<string, string[]>();

function createMcpServer(): McpServer {
  const server = new McpServer({ name: "visits", version: "0.1.0" });
  server.registerTool("visit", { description: "Visit a URL.", inputSchema: { url: z.string() } }, async ({ url }, extra) => {
    const list = visits.get(extra.sessionId!) ?? [];
    list.push(url);
    visits.set(extra.sessionId!, list);
    return { content: [{ type: "text", text: `visited ${list.length} pages` }] };
  });
  return server;
}

const transports = new Map<string, StreamableHTTPServerTransport>();
createServer(async (req, res) => {
  const sessionId = req.headers["mcp-session-id"] as string | undefined;
  const existing = sessionId ? transports.get(sessionId) : undefined;
  if (existing) return existing.handleRequest(req, res);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => { transports.set(id, transport); },
  });
  transport.onclose = () => (transport.sessionId && (transports.delete(transport.sessionId), visits.delete(transport.sessionId)));
  await createMcpServer().connect(transport);
  await transport.handleRequest(req, res);
}).listen(3000);
