/**
 * A server written in double quotes (Prettier's default), on SDK 1.x: the request-scoped log the
 * transform writes takes the file's quotes.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export function buildServer(): McpServer {
  const server = new McpServer({ name: "notes", version: "1.0.0" }, { capabilities: { logging: {} } });

  server.registerTool(
    "add_note",
    { description: "Add a note.", inputSchema: { text: z.string() } },
    async ({ text }, extra) => {
      await server.sendLoggingMessage({ level: "info", data: `note: ${text}` }, extra.sessionId);
      return { content: [{ type: "text", text: "saved" }] };
    },
  );

  return server;
}
