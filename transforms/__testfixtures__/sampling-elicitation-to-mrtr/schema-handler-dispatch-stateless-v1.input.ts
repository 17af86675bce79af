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
