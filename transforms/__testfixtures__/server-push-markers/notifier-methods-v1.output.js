// @ts-check
/**
 * Notifier methods (SDK 1.x, plain JavaScript): an object whose methods each send one list-changed
 * notification is one construct and gets one marker; the per-connection toggle keeps its own.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function buildServer() {
  const server = new McpServer({ name: 'plugins', version: '2.1.0' });

  // @mcp-migrate-todo(server-push/change-notification): the 2 senders of this object (one marker for all): unsolicited notification: on 2026-07-28 it reaches only subscriptions/listen streams, and a per-request server has none. Publish with handler.notify.toolsChanged()/resourcesChanged()/promptsChanged()/resourceUpdated(uri) from the createMcpHandler handle (shared ServerEventBus across instances), and never change a list as a side effect of a call.
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
    // @mcp-migrate-todo(server-push/tool-toggle): per-connection tool toggle: 2026-07-28 lists must not change per connection or as a side effect of a call, and a per-request server forgets the change. Register the tool unconditionally and make it take a handle argument (e.g. connection_id from the tool that enabled it) that errors until that tool was called.
    beta.enable();
    events.toolsChanged();
    return { content: [{ type: 'text', text: 'beta on' }] };
  });

  return { server, events };
}
