import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ElicitRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "deploy-gate", version: "0.3.0" }, { capabilities: { tools: {} } });

// Answers confirmation prompts automatically while DEPLOY_GATE_AUTO is set (used by the smoke tests).
// @mcp-migrate-todo(server-push/elicitation): a handler of elicitation/create on a server: elicitation/create is a request a server sends to the client, and no client sends it to a server, so this handler never runs (on SDK 1.x as on 2026-07-28, where the request exists only as an input request a handler returns: inputRequired.elicit(params)). Remove it, with whatever only it uses; if it stands in for a client in tests, move it to a test client.
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
