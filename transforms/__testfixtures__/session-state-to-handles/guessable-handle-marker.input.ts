/**
 * A handle the server already has, minted from a counter and the clock (DesktopCommanderMCP's search sessions):
 * the next caller can guess its neighbour's id. Apply does not swap the mint (code may read the id's shape, e.g. sort
 * by the counter prefix), so it leaves one marker on the minting statement, naming both sources.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

interface Search {
  pattern: string;
  results: string[];
}

const searches = new Map<string, Search>();
let nextSearch = 0;

const server = new McpServer({ name: 'file-search', version: '1.0.0' });

server.tool('start_search', 'Start a search; returns its id', { pattern: z.string() }, async ({ pattern }) => {
  const searchId = `search_${nextSearch++}_${Date.now()}`;
  searches.set(searchId, { pattern, results: [] });
  return { content: [{ type: 'text', text: JSON.stringify({ searchId }) }] };
});

server.tool('get_results', 'Results of a search so far', { searchId: z.string() }, async ({ searchId }) => {
  const search = searches.get(searchId);
  if (!search) return { content: [{ type: 'text', text: `No search ${searchId}` }], isError: true };
  return { content: [{ type: 'text', text: search.results.join('\n') }] };
});

await server.connect(new StdioServerTransport());
