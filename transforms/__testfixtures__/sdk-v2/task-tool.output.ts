// A v1 tool registered through the experimental tasks API: SDK v2's McpServer has no `experimental`,
// so the registration would throw while the server is built. It is commented out for a person to
// rewrite as a plain tool; the rest of the module stays.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const ReportSchema = z.object({ topic: z.string() });

export const registerReportTool = (server: McpServer) => {
  // @mcp-migrate-todo(deprecated-feature/experimental-tasks): server.experimental.tasks.registerToolTask: SDK v2 has no tasks layer (SEP-2663 moved tasks to the Extensions Track) and its McpServer has no `experimental`, so this statement would throw when the server is built. It is commented out, and the server no longer offers this task tool: rewrite it as a registerTool whose handler does the work (progress through ctx.mcpReq.notify, questions to the user through inputRequired), or serve it through the Tasks extension.
  // server.experimental.tasks.registerToolTask(
  //   'build-report',
  //   { description: 'Builds a report in the background.', inputSchema: ReportSchema.shape },
  //   {
  //     createTask: async (_args, extra) => {
  //       const task = await extra.taskStore.createTask({ ttl: 60_000 });
  //       return { task };
  //     },
  //     getTask: async (_args, extra) => extra.taskStore.getTask(extra.taskId),
  //     getTaskResult: async (_args, extra) => (await extra.taskStore.getTaskResult(extra.taskId)) as { content: [] },
  //   },
  // );
};
