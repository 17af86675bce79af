import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

import type { ConnectionManager } from "../connection-manager.js";
import { createHandleRegistry } from "./mcp-handles.js";

/** connection_id handles (mcp-migrate): minted by create_connection, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
export const connectionHandles = createHandleRegistry({
  prefix: "connection",
  argument: "connection_id",
  mintTool: "create_connection",
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
});

export function register(server: McpServer, connectionManager: ConnectionManager): void {
  server.registerTool(
    "history",
    { description: "List the URLs this connection's page visited.", inputSchema: z.object({ connection_id: z.string().max(33).regex(/^connection_[A-Za-z0-9_-]{22}$/, "Not a connection_id: call create_connection to get one.").describe("The connection_id returned by create_connection.") }) },
    async (_args, extra) => {
      const connectionDenied = connectionHandles.check(_args.connection_id, extra);
      if (connectionDenied) return connectionDenied;
      const connectionId = _args.connection_id;
      if (!connectionId) throw new Error("Session ID is required for history");
      const state = connectionManager.getOrCreate(connectionId);
      return { content: [{ type: "text", text: state.visits.join("\n") }] };
    },
  );

  server.registerTool(
    "create_connection",
    {
      description:
        "Create a new connection and return its connection_id. Pass the connection_id to history and visit. A connection_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_connection again.",
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            "Optional. Retrying with the same key returns the same connection_id instead of creating a second connection, for as long as that connection_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.",
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const connection_id = connectionHandles.mint(extra, idempotency_key);
      return {
        content: [{ type: "text" as const, text: `connection_id: ${connection_id}` }],
        structuredContent: { connection_id },
      };
    },
  );
}
