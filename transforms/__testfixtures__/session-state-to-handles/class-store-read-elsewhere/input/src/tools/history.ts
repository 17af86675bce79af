import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

import type { ConnectionManager } from "../connection-manager.js";

export function register(server: McpServer, connectionManager: ConnectionManager): void {
  server.registerTool(
    "history",
    { description: "List the URLs this connection's page visited.", inputSchema: z.object({}) },
    async (_args, extra) => {
      const connectionId = extra.sessionId;
      if (!connectionId) throw new Error("Session ID is required for history");
      const state = connectionManager.getOrCreate(connectionId);
      return { content: [{ type: "text", text: state.visits.join("\n") }] };
    },
  );
}
