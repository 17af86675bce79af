// A manager of per-session preferences reached through `userManager.getOrCreate(…)`, in tools that already take a
// `user_id` of their own (review 44 S44-2): the handle keeps the role word, `manager_id`, rather than a second `user_id`.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { UserSessionManager } from "./user-manager.js";
import { createHandleRegistry } from "./mcp-handles.js";

/** manager_id handles (mcp-migrate): minted by create_manager, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const managerHandles = createHandleRegistry({
  prefix: "manager",
  argument: "manager_id",
  mintTool: "create_manager",
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
});

export function register(server: McpServer, userManager: UserSessionManager): void {
  server.registerTool("set_theme", { description: "Set the theme for a user's report.", inputSchema: { user_id: z.string(), theme: z.string(), manager_id: z.string().max(30).regex(/^manager_[A-Za-z0-9_-]{22}$/, "Not a manager_id: call create_manager to get one.").describe("The manager_id returned by create_manager.") } }, async ({ user_id, theme, manager_id }, extra) => {
    const managerDenied = managerHandles.check(manager_id, extra);
    if (managerDenied) return managerDenied;
    const prefs = userManager.getOrCreate(manager_id);
    prefs.theme = theme;
    return { content: [{ type: "text", text: `theme of ${user_id}: ${theme}` }] };
  });
  server.registerTool("get_theme", { description: "Get the theme.", inputSchema: { manager_id: z.string().max(30).regex(/^manager_[A-Za-z0-9_-]{22}$/, "Not a manager_id: call create_manager to get one.").describe("The manager_id returned by create_manager.") } }, async (_args, extra) => {
    const managerDenied = managerHandles.check(_args.manager_id, extra);
    if (managerDenied) return managerDenied;
    const prefs = userManager.getOrCreate(_args.manager_id);
    return { content: [{ type: "text", text: prefs.theme }] };
  });

  server.registerTool(
    "create_manager",
    {
      description: "Create a new manager and return its manager_id. Pass the manager_id to set_theme and get_theme. A manager_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_manager again.",
      inputSchema: { idempotency_key: z.string().max(128).optional().describe("Optional. Retrying with the same key returns the same manager_id instead of creating a second manager, for as long as that manager_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.") },
    },
    async ({ idempotency_key }, extra) => {
      const manager_id = managerHandles.mint(extra, idempotency_key);
      return { content: [{ type: "text" as const, text: `manager_id: ${manager_id}` }], structuredContent: { manager_id } };
    },
  );
}

const server = new McpServer({ name: "r1", version: "0.1.0" });
register(server, new UserSessionManager());
await server.connect(new StdioServerTransport());
