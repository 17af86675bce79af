// @ts-check
/**
 * Notifier methods (SDK 1.x, plain JavaScript): an object whose methods each send one list-changed
 * notification is one construct and gets one marker; the per-connection toggle keeps its own.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function buildServer() {
  const server = new McpServer({ name: 'plugins', version: '2.1.0' });

  const events = {
    toolsChanged() {
      server.sendToolListChanged();
    },
    promptsChanged() {
      server.sendPromptListChanged();
    },
  };

  const beta = server.tool('beta_search', 'Search with the beta index.', async () => ({ content: [{ type: 'text', text: 'no results' }] }));

  server.tool('enable_beta', 'Turn on the beta tools.', async () => {
    beta.enable();
    events.toolsChanged();
    return { content: [{ type: 'text', text: 'beta on' }] };
  });

  return { server, events };
}
