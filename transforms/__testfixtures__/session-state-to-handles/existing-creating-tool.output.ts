/**
 * A simulated browser per MCP session (SDK v1): `open_browser` creates it, the other tools drive it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry, withHandle } from './mcp-handles.js';

interface BrowserState {
  url: string;
  history: string[];
}

const browsers = new Map<string, BrowserState>();

/** browser_id handles (mcp-migrate): minted by open_browser, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const browserHandles = createHandleRegistry({
  prefix: 'browser',
  argument: 'browser_id',
  mintTool: 'open_browser',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => browsers.delete(id),
});

const noBrowser = { content: [{ type: 'text' as const, text: 'No browser is open: call open_browser first.' }], isError: true };

export function createBrowserServer(): McpServer {
  const server = new McpServer({ name: 'sim-browser', version: '0.7.0' });

  server.registerTool(
    'open_browser',
    { description: 'Open a browser on a start page. Returns a browser_id: pass it to navigate, get_history and close_browser. A browser_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call open_browser again.', inputSchema: { url: z.string().url(), idempotency_key: z.string().max(128).optional().describe('Optional. Retrying with the same key returns the same browser_id instead of creating a second browser, for as long as that browser_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.') } },
    async ({ url, idempotency_key }, extra) => {
      const browser_id = browserHandles.mint(extra, idempotency_key);
      browsers.set(browser_id, { url, history: [url] });
      return withHandle({ content: [{ type: 'text', text: `Opened ${url}.` }] }, { browser_id });
    },
  );

  server.registerTool(
    'navigate',
    { description: 'Go to another page.', inputSchema: { url: z.string().url(), browser_id: z.string().max(30).regex(/^browser_[A-Za-z0-9_-]{22}$/, 'Not a browser_id: call open_browser to get one.').describe('The browser_id returned by open_browser.') } },
    async ({ url, browser_id }, extra) => {
      const browserDenied = browserHandles.check(browser_id, extra);
      if (browserDenied) return browserDenied;
      const browser = browsers.get(browser_id);
      if (!browser) return noBrowser;
      browser.url = url;
      browser.history.push(url);
      return { content: [{ type: 'text', text: `Now at ${url}.` }] };
    },
  );

  server.registerTool('get_history', { description: 'List the pages visited.', inputSchema: { browser_id: z.string().max(30).regex(/^browser_[A-Za-z0-9_-]{22}$/, 'Not a browser_id: call open_browser to get one.').describe('The browser_id returned by open_browser.') } }, async ({ browser_id }, extra) => {
    const browserDenied = browserHandles.check(browser_id, extra);
    if (browserDenied) return browserDenied;
    const browser = browsers.get(browser_id);
    if (!browser) return noBrowser;
    return { content: [{ type: 'text', text: browser.history.join('\n') }] };
  });

  server.registerTool('close_browser', { description: 'Close the browser.', inputSchema: { browser_id: z.string().max(30).regex(/^browser_[A-Za-z0-9_-]{22}$/, 'Not a browser_id: call open_browser to get one.').describe('The browser_id returned by open_browser.') } }, async ({ browser_id }, extra) => {
    const browserDenied = browserHandles.check(browser_id, extra);
    if (browserDenied) return browserDenied;
    browsers.delete(browser_id);
    return { content: [{ type: 'text', text: 'Closed.' }] };
  });

  return server;
}
