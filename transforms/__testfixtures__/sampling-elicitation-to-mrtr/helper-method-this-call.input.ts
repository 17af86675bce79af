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
