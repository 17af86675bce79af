/**
 * A sessionful server whose per-session database connections (filled from the client's own headers) are changed by a
 * tool through a helper in another module (`handleToolCall` → `conns.add`): state the session's calls leave for each
 * other, so the factory's argument must become a handle, never one object outside the route (sweep 29 AC1).
 */
import express, { Request, Response } from "express";
import { randomUUID } from "node:crypto";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { Connections, DbConfig, addFromHeaders } from "./db.js";
import { allTools, handleToolCall } from "./tools.js";

function configsFromHeaders(req: Request): DbConfig[] {
  const host = req.headers["x-db-host"] as string | undefined;
  const user = req.headers["x-db-user"] as string | undefined;
  const password = req.headers["x-db-password"] as string | undefined;
  return host && user && password ? [{ host, user, password }] : [];
}

function createServer(conns: Connections): Server {
  const server = new Server({ name: "ac1", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: allTools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    handleToolCall(request.params.name, (request.params.arguments ?? {}) as Record<string, string>, conns));
  return server;
}

interface Session { transport: StreamableHTTPServerTransport; conns: Connections }
const sessions = new Map<string, Session>();

const app = express();
app.use(express.json());

app.post("/mcp", async (req: Request, res: Response) => {
  const sessionId = req.headers["mcp-session-id"] as string | undefined;
  if (sessionId && sessions.has(sessionId)) {
    await sessions.get(sessionId)!.transport.handleRequest(req, res, req.body);
    return;
  }
  if (!sessionId && req.body?.method === "initialize") {
    // @mcp-migrate-todo(session-state/per-session-server): `new Connections(…)` is built once per session and handed to the server's factory, whose tools change its fields: what it holds lives as long as the session. Built per request it would start afresh on every call; built once outside the route it would be shared by every client, its state mixed between them. The serving code is left as it is until that state has another home (marked at its `connect`).
    const conns = new Connections();
    await addFromHeaders(conns, configsFromHeaders(req));
    const server = createServer(conns);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id: string) => { sessions.set(id, { transport, conns }); },
    });
    transport.onclose = () => {
      if (transport.sessionId) {
        void sessions.get(transport.sessionId)?.conns.closeAll();
        sessions.delete(transport.sessionId);
      }
    };
    // @mcp-migrate-todo(session-state/per-session-server): the server's factory `createServer()` keeps `new Connections(…)`, which the route builds per session and hands to it, and whose fields its tools change: state one call leaves for the next, which lives as long as each session's server today and would start afresh on every call with a server built per request. Move that state to an explicit handle the tools take (minted by the tool that starts it, `<noun>_id`, checked against the caller) or key it by the caller's identity (authInfo); what holds nothing a later call needs can be made per request. Then serve with a factory. This file stays on SDK 1.x (the sdk-v2 step left it there, see MIGRATION.md), which has no `createMcpHandler`: the stateless idiom here is SDK 1.x's. On SDK 1.x, serve each POST with a new server from `buildServer()` and a new transport with `sessionIdGenerator: undefined` (`await server.connect(transport); await transport.handleRequest(req, res, req.body)`, both closed when the response closes), and answer GET and DELETE with 405 (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
    return;
  }
  res.status(400).json({ jsonrpc: "2.0", error: { code: -32000, message: "Session not found" }, id: null });
});

app.listen(3000);
