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
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `visits`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    const list = visits.get(extra.sessionId!) ?? [];
    list.push(url);
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `visits`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    visits.set(extra.sessionId!, list);
    return { content: [{ type: "text", text: `visited ${list.length} pages` }] };
  });
  return server;
}

// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
const transports = new Map<string, StreamableHTTPServerTransport>();
createServer(async (req, res) => {
  const sessionId = req.headers["mcp-session-id"] as string | undefined;
  const existing = sessionId ? transports.get(sessionId) : undefined;
  if (existing) return existing.handleRequest(req, res);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => { transports.set(id, transport); },
  });
  // @mcp-migrate-todo(session-state/keyed-store): not rewritten automatically: the store is also used outside tool handlers. Re-key `visits` by an explicit handle minted by a create tool and checked against the caller.
  // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `visits`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
  transport.onclose = () => (transport.sessionId && (transports.delete(transport.sessionId), visits.delete(transport.sessionId)));
  await createMcpServer().connect(transport);
  await transport.handleRequest(req, res);
}).listen(3000);
