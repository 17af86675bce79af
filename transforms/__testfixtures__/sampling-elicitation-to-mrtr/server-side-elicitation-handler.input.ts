import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ElicitRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "deploy-gate", version: "0.3.0" }, { capabilities: { tools: {} } });

// Answers confirmation prompts automatically while DEPLOY_GATE_AUTO is set (used by the smoke tests).
server.setRequestHandler(ElicitRequestSchema, async (request) => {
  if (process.env.DEPLOY_GATE_AUTO !== "1" || request.params.message.includes("production")) {
    return { action: "decline" as const };
  }
  return { action: "accept" as const, content: { confirm: true } };
});

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "deploy", description: "Deploy the current build", inputSchema: { type: "object" as const, properties: {} } }],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: "text" as const, text: `deployed (${request.params.name})` }],
}));

await server.connect(new StdioServerTransport());
