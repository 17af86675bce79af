/**
 * A local copy of the session id that only labels log lines, in a handler where another binding has the same
 * name (an audit callback destructuring `{ sessionId }` from the context it is given). Renaming the copy to
 * `requestId` could meet a second `requestId` there, so only its read becomes the request id and the copy
 * keeps its name (SDK v1).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const todos: string[] = [];

export function createTodoServer(): McpServer {
  const server = new McpServer({ name: 'todos', version: '0.2.0' });

  server.registerTool(
    'add_todo',
    { description: 'Add a todo item.', inputSchema: { text: z.string().min(1) } },
    async ({ text }, extra) => {
      const sessionId = extra.requestId;
      console.error(`[${sessionId}] add_todo (${todos.length} open)`);
      todos.push(text);
      const audit = ({ sessionId }: { sessionId?: string }): void => console.error('audit add_todo', sessionId === undefined);
      audit({});
      return { content: [{ type: 'text', text: `${todos.length} open todo(s).` }] };
    },
  );

  return server;
}
