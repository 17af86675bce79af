import { Tool } from "@modelcontextprotocol/sdk/types.js";
import { Connections } from "./db.js";

export const allTools: Tool[] = [
  { name: "add_connection", inputSchema: { type: "object", properties: { host: { type: "string" }, user: { type: "string" }, password: { type: "string" } } } },
  { name: "list_connections", inputSchema: { type: "object", properties: {} } },
];

export async function handleToolCall(name: string, args: Record<string, string>, conns: Connections) {
  if (name === "add_connection") {
    conns.add(args.host, { host: args.host, user: args.user, password: args.password });
    return { content: [{ type: "text" as const, text: "added" }] };
  }
  return { content: [{ type: "text" as const, text: conns.list().join(", ") }] };
}
