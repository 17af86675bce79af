import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, type CallToolRequest } from "@modelcontextprotocol/sdk/types.js";

// The tools/call handler is a named function registered by name (review 43 S43-10); its helper asks the user.
const server = new Server({ name: "confirmation", version: "1.4.0" }, { capabilities: { tools: {} } });

async function askUser(message: string) {
  // @mcp-migrate-todo(server-push/elicitation): This file stays on SDK 1.x, where this request still reaches 2025-era clients (stdio, a sessionful connection) and a 2026-07-28 client is never asked; SDK 1.x has no input requests, so what follows applies once the file is on SDK v2: Elicitation (elicitInput) sent from `askUser`, which the tools/call handler calls, not from a request handler itself: on 2026-07-28 only the handler can ask the client, by returning inputRequired({ inputRequests: { k: inputRequired.elicit(…) } }) and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry; a helper cannot return that for it. Have the helper tell the handler what to ask (or take the answer as an argument), and let the handler return the input request. Until then a 2026-07-28 client is never asked, and whatever the helper does for a client that cannot be asked is what every such call gets.
  return await server.elicitInput({ message, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } });
}

async function handleCall(request: CallToolRequest) {
  const answer = await askUser(`Proceed with ${String(request.params.name)}?`);
  return { content: [{ type: "text" as const, text: `User chose ${answer.action}` }] };
}

server.setRequestHandler(CallToolRequestSchema, handleCall);

await server.connect(new StdioServerTransport());
