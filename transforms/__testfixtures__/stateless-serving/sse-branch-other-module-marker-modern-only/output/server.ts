import { McpServer } from '@modelcontextprotocol/server';

export function createWorkspaceServer(): McpServer {
  const server = new McpServer({ name: 'workspace', version: '3.2.0' });
  server.registerTool('list_projects', { description: 'The projects of the workspace.' }, async () => ({
    content: [{ type: 'text', text: 'app, api, shared' }],
  }));
  return server;
}
