/**
 * A simulated browser per MCP session (SDK v1): `open_browser` creates it, the other tools drive it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

interface BrowserState {
  url: string;
  history: string[];
}

const browsers = new Map<string, BrowserState>();

const noBrowser = { content: [{ type: 'text' as const, text: 'No browser is open: call open_browser first.' }], isError: true };

export function createBrowserServer(): McpServer {
  const server = new McpServer({ name: 'sim-browser', version: '0.7.0' });

  server.registerTool(
    'open_browser',
    { description: 'Open a browser on a start page.', inputSchema: { url: z.string().url() } },
    async ({ url }, extra) => {
      browsers.set(extra.sessionId!, { url, history: [url] });
      return { content: [{ type: 'text', text: `Opened ${url}.` }] };
    },
  );

  server.registerTool(
    'navigate',
    { description: 'Go to another page.', inputSchema: { url: z.string().url() } },
    async ({ url }, extra) => {
      const browser = browsers.get(extra.sessionId!);
      if (!browser) return noBrowser;
      browser.url = url;
      browser.history.push(url);
      return { content: [{ type: 'text', text: `Now at ${url}.` }] };
    },
  );

  server.registerTool('get_history', { description: 'List the pages visited.' }, async (extra) => {
    const browser = browsers.get(extra.sessionId!);
    if (!browser) return noBrowser;
    return { content: [{ type: 'text', text: browser.history.join('\n') }] };
  });

  server.registerTool('close_browser', { description: 'Close the browser.' }, async (extra) => {
    browsers.delete(extra.sessionId!);
    return { content: [{ type: 'text', text: 'Closed.' }] };
  });

  return server;
}
