/**
 * The handlers read the id back from `_meta` to key the SDK's experimental task store and to log it. Nothing is
 * rewritten: the task store is the project's feature (gone from the SDK in v2, SEP-2663) and the id exists only
 * while the serving code copies one in, so each read gets one marker naming the copy and every use of the read,
 * and the copy gets one naming the reads.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { GetTaskRequestSchema, ListTasksRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { TaskParams } from './meta.js';

const taskStore = new InMemoryTaskStore();

export const server = new Server({ name: 'tasks', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(ListTasksRequestSchema, async (request) => {
  const params = (request.params ?? {}) as TaskParams & { cursor?: string };
  // @mcp-migrate-todo(session-state/session-id-read): `_meta.mcpSessionId` is the session id this project copies into each request by hand (`injectMcpSessionId(…)` in http.ts and stdio.ts); here it is read back (logged by console.error(); passed to taskStore.listTasks()). A 2026-07-28 request has no session id to copy, so it is undefined there unless the serving code mints one itself. Decide per use: state kept across calls under it (a task store, a cache) moves to an explicit handle a tool returns, identity comes from authInfo, log lines correlate by the request id; then remove the copy with the session serving it came from.
  const mcpSessionId = params._meta?.mcpSessionId;
  console.error('listing tasks', { mcpSessionId });
  return await taskStore.listTasks(params.cursor, mcpSessionId);
});

server.setRequestHandler(GetTaskRequestSchema, async (request) => {
  const params = request.params as TaskParams & { taskId: string };
  // @mcp-migrate-todo(session-state/session-id-read): `_meta.mcpSessionId` is the session id this project copies into each request by hand (`injectMcpSessionId(…)` in http.ts and stdio.ts); here it is read back (passed to taskStore.getTask()). A 2026-07-28 request has no session id to copy, so it is undefined there unless the serving code mints one itself. Decide per use: state kept across calls under it (a task store, a cache) moves to an explicit handle a tool returns, identity comes from authInfo, log lines correlate by the request id; then remove the copy with the session serving it came from.
  const task = await taskStore.getTask(params.taskId, params._meta?.mcpSessionId);
  if (!task) throw new Error(`no task ${params.taskId}`);
  return task;
});
