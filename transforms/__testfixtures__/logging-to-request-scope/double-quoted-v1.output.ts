/**
 * A server written in double quotes (Prettier's default), on SDK 1.x: the request-scoped log the
 * transform writes takes the file's quotes.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export function buildServer(): McpServer {
  // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
  const server = new McpServer({ name: "notes", version: "1.0.0" }, { capabilities: { logging: {} } });

  server.registerTool(
    "add_note",
    { description: "Add a note.", inputSchema: { text: z.string() } },
    async ({ text }, extra) => {
      await extra.sendNotification({
        method: "notifications/message",
        params: { level: "info", data: `note: ${text}` },
      });
      return { content: [{ type: "text", text: "saved" }] };
    },
  );

  return server;
}
