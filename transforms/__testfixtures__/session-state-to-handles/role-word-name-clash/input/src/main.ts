// A manager of per-session preferences reached through `userManager.getOrCreate(…)`, in tools that already take a
// `user_id` of their own (review 44 S44-2): the handle keeps the role word, `manager_id`, rather than a second `user_id`.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { UserSessionManager } from "./user-manager.js";

export function register(server: McpServer, userManager: UserSessionManager): void {
  server.registerTool("set_theme", { description: "Set the theme for a user's report.", inputSchema: { user_id: z.string(), theme: z.string() } }, async ({ user_id, theme }, extra) => {
    const prefs = userManager.getOrCreate(extra.sessionId!);
    prefs.theme = theme;
    return { content: [{ type: "text", text: `theme of ${user_id}: ${theme}` }] };
  });
  server.registerTool("get_theme", { description: "Get the theme.", inputSchema: {} }, async (_args, extra) => {
    const prefs = userManager.getOrCreate(extra.sessionId!);
    return { content: [{ type: "text", text: prefs.theme }] };
  });
}

const server = new McpServer({ name: "r1", version: "0.1.0" });
register(server, new UserSessionManager());
await server.connect(new StdioServerTransport());
