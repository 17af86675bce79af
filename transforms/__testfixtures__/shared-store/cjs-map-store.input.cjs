// A to-do list per MCP session, in plain CommonJS (SDK v1, stdio), kept in a Map.
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { z } = require('zod');

/** @type {Map<string, string[]>} */
const todos = new Map();

const server = new McpServer({ name: 'todo-cjs', version: '1.1.0' });

server.tool('add_todo', 'Add an item to the to-do list.', { item: z.string().min(1) }, async ({ item }, extra) => {
  const list = todos.get(extra.sessionId) ?? [];
  list.push(item);
  todos.set(extra.sessionId, list);
  return { content: [{ type: 'text', text: `Added "${item}" (${list.length} open).` }] };
});

server.tool('list_todos', 'List the open items.', {}, async (_args, extra) => {
  const list = todos.get(extra.sessionId) ?? [];
  return { content: [{ type: 'text', text: list.map((t, i) => `${i + 1}. ${t}`).join('\n') || 'Nothing to do.' }] };
});

server.connect(new StdioServerTransport()).catch((error) => {
  console.error(error);
  process.exit(1);
});
