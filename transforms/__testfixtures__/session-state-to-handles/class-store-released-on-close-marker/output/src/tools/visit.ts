import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

import type { ConnectionManager } from "../connection-manager.js";

export function register(server: McpServer, connectionManager: ConnectionManager): void {
  server.registerTool(
    "visit",
    { description: "Visit a URL in this connection's page.", inputSchema: z.object({ url: z.string() }) },
    async ({ url }, extra) => {
      // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `connectionManager` (history.ts), kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
      const connectionId = extra.sessionId;
      if (!connectionId) throw new Error("Session ID is required for visit");
      // @mcp-migrate-todo(session-state/keyed-store): `connectionManager` is keyed by the session id here too: one store, marked with what to do about it above `const state = connectionManager.getOrCreate(connectionId);` in the handler of `registerTool("history", …)` in history.ts. Resolve this call together with that marker.
      const state = connectionManager.getOrCreate(connectionId);
      state.visits.push(url);
      return { content: [{ type: "text", text: `visited ${state.visits.length} pages` }] };
    },
  );
}
