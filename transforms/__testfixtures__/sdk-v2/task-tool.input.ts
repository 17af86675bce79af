// A v1 tool registered through the experimental tasks API: SDK v2's McpServer has no `experimental`,
// so the registration would throw while the server is built. It is commented out for a person to
// rewrite as a plain tool; the rest of the module stays.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const ReportSchema = z.object({ topic: z.string() });

export const registerReportTool = (server: McpServer) => {
  server.experimental.tasks.registerToolTask(
    'build-report',
    { description: 'Builds a report in the background.', inputSchema: ReportSchema.shape },
    {
      createTask: async (_args, extra) => {
        const task = await extra.taskStore.createTask({ ttl: 60_000 });
        return { task };
      },
      getTask: async (_args, extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (_args, extra) => (await extra.taskStore.getTaskResult(extra.taskId)) as { content: [] },
    },
  );
};
