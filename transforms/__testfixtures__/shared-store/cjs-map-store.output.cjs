// A to-do list per MCP session, in plain CommonJS (SDK v1, stdio), kept in a Map.
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { z } = require('zod');
const { createRedisHandleRegistry, createRedisStore, withSharedState } = require('./mcp-redis-store.cjs');

/** @type {import('./mcp-redis-store.cjs').RedisStore} */
const todos = createRedisStore({ name: 'todos', ttlMs: 24 * 60 * 60 * 1000 });

/** todo_id handles (mcp-migrate): minted by create_todo, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const todoHandles = createRedisHandleRegistry({
  prefix: 'todo',
  argument: 'todo_id',
  mintTool: 'create_todo',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => todos.delete(id),
});

const server = new McpServer({ name: 'todo-cjs', version: '1.1.0' });

server.tool('add_todo', 'Add an item to the to-do list.', { item: z.string().min(1), todo_id: z.string().max(27).regex(/^todo_[A-Za-z0-9_-]{22}$/, 'Not a todo_id: call create_todo to get one.').describe('The todo_id returned by create_todo.') }, withSharedState(async ({ item, todo_id }, extra) => {
  const todoDenied = await todoHandles.check(todo_id, extra);
  if (todoDenied) return todoDenied;
  const list = await todos.get(todo_id) ?? [];
  list.push(item);
  await todos.set(todo_id, list);
  return { content: [{ type: 'text', text: `Added "${item}" (${list.length} open).` }] };
}));

server.tool('list_todos', 'List the open items.', { todo_id: z.string().max(27).regex(/^todo_[A-Za-z0-9_-]{22}$/, 'Not a todo_id: call create_todo to get one.').describe('The todo_id returned by create_todo.') }, withSharedState(async (_args, extra) => {
  const todoDenied = await todoHandles.check(_args.todo_id, extra);
  if (todoDenied) return todoDenied;
  const list = await todos.get(_args.todo_id) ?? [];
  return { content: [{ type: 'text', text: list.map((t, i) => `${i + 1}. ${t}`).join('\n') || 'Nothing to do.' }] };
}));

server.registerTool(
  'create_todo',
  {
    description:
      'Create a new todo and return its todo_id. Pass the todo_id to add_todo and list_todos. A todo_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_todo again.',
    inputSchema: {
      idempotency_key: z
        .string()
        .max(128)
        .optional()
        .describe(
          'Optional. Retrying with the same key returns the same todo_id instead of creating a second todo, for as long as that todo_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
        ),
    },
  },
  async ({ idempotency_key }, extra) => {
    const todo_id = await todoHandles.mint(extra, idempotency_key);
    return { content: [{ type: 'text', text: `todo_id: ${todo_id}` }], structuredContent: { todo_id } };
  },
);

server.connect(new StdioServerTransport()).catch((error) => {
  console.error(error);
  process.exit(1);
});
