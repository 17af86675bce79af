import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

import type { ConnectionManager } from "../connection-manager.js";

export function register(server: McpServer, connectionManager: ConnectionManager): void {
  server.registerTool(
    "history",
    { description: "List the URLs this connection's page visited.", inputSchema: z.object({}) },
    async (_args, extra) => {
      // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `connectionManager`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
      const connectionId = extra.sessionId;
      if (!connectionId) throw new Error("Session ID is required for history");
      // @mcp-migrate-todo(session-state/keyed-store): not rewritten automatically: `this.connections` of `ConnectionManager`, which its `getOrCreate(…)` keeps per session for the tools, is also used by `onDisconnect(…)` with a session id (main.ts calls it with the session id). Re-keyed by a handle, its entries would no longer be found there: a release on session close would free nothing (and a cap on their number would refuse new handles for good). Re-key `connectionManager` by an explicit handle minted by a create tool and checked against the caller, and release its entries when the handle expires (`createHandleRegistry({ onExpire: (id) => … })`) instead of when the session closes.
      const state = connectionManager.getOrCreate(connectionId);
      return { content: [{ type: "text", text: state.visits.join("\n") }] };
    },
  );
}
