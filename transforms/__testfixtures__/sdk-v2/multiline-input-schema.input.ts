// A tool whose raw input shape is written over several lines, in a file indented with four spaces: the official codemod
// wraps the shape in z.object(…), and the config object's closing brace keeps its own depth, one level out from the
// schema's (ioBroker/mcp-package, sweep 25 Y8).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export function registerStateTools(server: McpServer): void {
    server.registerTool(
        "set_state",
        {
            description: "Set the value of a state.",
            inputSchema: {
                id: z.string().describe("State ID"),
                value: z.string().describe("New value"),
            },
        },
        async ({ id, value }) => ({ content: [{ type: "text", text: `${id}=${value}` }] }),
    );
}
