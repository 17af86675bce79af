// A to-do list per MCP session, in plain CommonJS (SDK v1, stdio).
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { z } = require('zod');

/** @type {Record<string, string[]>} */
const todos = {};

const server = new McpServer({ name: 'todo-cjs', version: '1.1.0' });

server.tool('add_todo', 'Add an item to the to-do list.', { item: z.string().min(1) }, async ({ item }, extra) => {
  const list = todos[extra.sessionId] || (todos[extra.sessionId] = []);
  list.push(item);
  return { content: [{ type: 'text', text: `Added "${item}" (${list.length} open).` }] };
});

server.tool('list_todos', 'List the open items.', {}, async (_args, extra) => {
  const list = todos[extra.sessionId] || [];
  return { content: [{ type: 'text', text: list.map((t, i) => `${i + 1}. ${t}`).join('\n') || 'Nothing to do.' }] };
});

server.tool('complete_todo', 'Mark an item as done by its number.', { number: z.number().int().min(1) }, async ({ number }, extra) => {
  const list = todos[extra.sessionId] || [];
  const [done] = list.splice(number - 1, 1);
  return done
    ? { content: [{ type: 'text', text: `Done: ${done}` }] }
    : { content: [{ type: 'text', text: `No item ${number}.` }], isError: true };
});

server.connect(new StdioServerTransport()).catch((error) => {
  console.error(error);
  process.exit(1);
});
