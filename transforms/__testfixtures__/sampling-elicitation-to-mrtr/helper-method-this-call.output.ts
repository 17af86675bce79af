/**
 * A class-built low-level server whose tool calls a helper method with `this.ask(…)`, which sends a raw elicitation
 * (mako10k/mcp-confirm's shape, sweep 35 AI1): the marker says the tool calls the helper, not that the helper also runs
 * outside any request (the method call was taken for its name used as a value).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";

class ConfirmServer {
  private server = new Server({ name: "ai2", version: "0.1.0" }, { capabilities: { tools: {} } });

  constructor() {
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: "confirm_action", description: "Ask the user", inputSchema: { type: "object" as const, properties: { action: { type: "string" } } } }],
    }));
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args } = request.params;
      if (name === "confirm_action") return await this.handleConfirm(args ?? {});
      throw new Error(`Unknown tool: ${name}`);
    });
  }

  private async ask(message: string) {
    // @mcp-migrate-todo(server-push/elicitation): This file stays on SDK 1.x, where this request still reaches 2025-era clients (stdio, a sessionful connection) and a 2026-07-28 client is never asked; SDK 1.x has no input requests, so what follows applies once the file is on SDK v2: Elicitation (a raw elicitation/create request) sent from `ask`, which the tool `confirm_action` calls, not from a request handler itself: on 2026-07-28 only the handler can ask the client, by returning inputRequired({ inputRequests: { k: inputRequired.elicit(…) } }) and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry; a helper cannot return that for it. Have the helper tell the handler what to ask (or take the answer as an argument), and let the handler return the input request. Until then a 2026-07-28 client is never asked, and whatever the helper does for a client that cannot be asked is what every such call gets.
    return await this.server.request(
      { method: "elicitation/create", params: { message, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } } },
      ElicitResultSchema,
    );
  }

  private async handleConfirm(args: Record<string, unknown>) {
    const r = await this.ask(`Proceed with ${String(args.action)}?`);
    return { content: [{ type: "text" as const, text: `User ${r.action}ed` }] };
  }

  async run() {
    await this.server.connect(new StdioServerTransport());
  }
}

new ConfirmServer().run();
