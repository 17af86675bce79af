// Plain JavaScript typed with JSDoc (wppmedia-dev/Wrike-XPI-Backend, sweep 33 AG3): the server and a result type come
// from SDK 1.x through `import()` types in comments only. They move to SDK v2's server entry with the file's code, so
// package.json no longer needs SDK 1.x for them.
import { z } from 'zod';

/**
 * @typedef {import('@modelcontextprotocol/sdk/types.js').CallToolResult} ToolResult
 */

/**
 * Registers the notes tools.
 * @param {import("@modelcontextprotocol/sdk/server/mcp.js").McpServer} server
 */
export function registerNotesTools(server) {
  server.registerTool('echo_note', { description: 'Echo a note.', inputSchema: { text: z.string() } }, async ({ text }) => {
    /** @type {ToolResult} */
    const result = { content: [{ type: 'text', text }] };
    return result;
  });
}
