import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ElicitResultSchema } from "@modelcontextprotocol/sdk/types.js";

// A confirmation server: every tool asks the user before it acts, through one helper.
class ConfirmationServer {
  private server = new Server({ name: "confirmation", version: "1.4.0" }, { capabilities: { tools: {} } });

  constructor() {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args } = request.params;
      return await this.executeToolCall(name, args ?? {});
    });
  }

  private async executeToolCall(name: string, args: Record<string, unknown>) {
    switch (name) {
      case "confirm_action":
        return await this.handleConfirm(args);
      default:
        throw new Error(`Unknown tool: ${name}`);
    }
  }

  private async askUser(message: string) {
    // @mcp-migrate-todo(server-push/elicitation): This file stays on SDK 1.x, where this request still reaches 2025-era clients (stdio, a sessionful connection) and a 2026-07-28 client is never asked; SDK 1.x has no input requests, so what follows applies once the file is on SDK v2: Elicitation (a raw elicitation/create request) sent from `askUser`, which the tools/call handler calls, not from a request handler itself: on 2026-07-28 only the handler can ask the client, by returning inputRequired({ inputRequests: { k: inputRequired.elicit(…) } }) and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry; a helper cannot return that for it. Have the helper tell the handler what to ask (or take the answer as an argument), and let the handler return the input request. Until then a 2026-07-28 client is never asked, and whatever the helper does for a client that cannot be asked is what every such call gets.
    return await this.server.request(
      { method: "elicitation/create", params: { message, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } } },
      ElicitResultSchema,
    );
  }

  private async handleConfirm(args: Record<string, unknown>) {
    const answer = await this.askUser(`Proceed with ${String(args.action)}?`);
    return { content: [{ type: "text" as const, text: `User chose ${answer.action}` }] };
  }

  async run() {
    await this.server.connect(new StdioServerTransport());
  }
}

void new ConfirmationServer().run();
