import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

import type { ConnectionManager } from "../connection-manager.js";
import { connectionHandles } from "./history.js";

export function register(server: McpServer, connectionManager: ConnectionManager): void {
  server.registerTool(
    "visit",
    { description: "Visit a URL in this connection's page.", inputSchema: z.object({ url: z.string(), connection_id: z.string().max(33).regex(/^connection_[A-Za-z0-9_-]{22}$/, "Not a connection_id: call create_connection to get one.").describe("The connection_id returned by create_connection.") }) },
    async ({ url, connection_id }, extra) => {
      const connectionDenied = connectionHandles.check(connection_id, extra);
      if (connectionDenied) return connectionDenied;
      const connectionId = connection_id;
      if (!connectionId) throw new Error("Session ID is required for visit");
      const state = connectionManager.getOrCreate(connectionId);
      state.visits.push(url);
      return { content: [{ type: "text", text: `visited ${state.visits.length} pages` }] };
    },
  );
}
