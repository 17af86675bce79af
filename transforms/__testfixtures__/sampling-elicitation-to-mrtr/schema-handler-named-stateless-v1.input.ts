import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, type CallToolRequest } from "@modelcontextprotocol/sdk/types.js";

// The tools/call handler is a named function registered by name (review 43 S43-10); its helper asks the user.
const server = new Server({ name: "confirmation", version: "1.4.0" }, { capabilities: { tools: {} } });

async function askUser(message: string) {
  return await server.elicitInput({ message, requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } });
}

async function handleCall(request: CallToolRequest) {
  const answer = await askUser(`Proceed with ${String(request.params.name)}?`);
  return { content: [{ type: "text" as const, text: `User chose ${answer.action}` }] };
}

server.setRequestHandler(CallToolRequestSchema, handleCall);

await server.connect(new StdioServerTransport());
