import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

import type { ConnectionManager } from "../connection-manager.js";

export function register(server: McpServer, connectionManager: ConnectionManager): void {
  server.registerTool(
    "visit",
    { description: "Visit a URL in this connection's page.", inputSchema: z.object({ url: z.string() }) },
    async ({ url }, extra) => {
      const connectionId = extra.sessionId;
      if (!connectionId) throw new Error("Session ID is required for visit");
      const state = connectionManager.getOrCreate(connectionId);
      state.visits.push(url);
      return { content: [{ type: "text", text: `visited ${state.visits.length} pages` }] };
    },
  );
}
