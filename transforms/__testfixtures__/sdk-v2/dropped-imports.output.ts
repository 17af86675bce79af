// A v1 server that used the experimental tasks API: the official codemod removes the import of
// v1's `experimental/tasks` module whole, while the code still uses `CreateTaskResult`, a spec
// type SDK v2 still exports (so it is imported again, from @modelcontextprotocol/server).
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CallToolResult, CreateTaskResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const finished = new Map<string, CreateTaskResult>();

function describeTask(result: CreateTaskResult): CallToolResult {
  return { content: [{ type: 'text', text: `task ${result.task.taskId} is ${result.task.status}` }] };
}

export const server = new McpServer({ name: 'research', version: '1.0.0' });

/** Throws {@link McpError} for a task it does not know (a doc comment's link is not a use to import). */
function requireTask(taskId: string): CreateTaskResult {
  const result = finished.get(taskId);
  if (!result) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `no task ${taskId}`);
  return result;
}

server.registerTool('task_status', { inputSchema: z.object({ taskId: z.string() }) }, async ({ taskId }) =>
  describeTask(requireTask(taskId)),
);
