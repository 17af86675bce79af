/**
 * The report server's MCP surface: long reports run as tasks of SDK 1.x's experimental tasks layer, which is why
 * the package stays on SDK 1.x (SDK v2 has no tasks layer). The layer files each task under the session id of the
 * transport that created it and lets only that session read it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';

const tasks = new InMemoryTaskStore();

export function buildReportServer(): McpServer {
  return new McpServer({ name: 'reports', version: '2.1.0' }, { taskStore: tasks });
}
