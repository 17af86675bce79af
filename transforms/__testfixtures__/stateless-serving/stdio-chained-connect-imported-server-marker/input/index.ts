// The entry chains on the promise `connect` returns: not rewritten, and the marker names no factory the rewrite would
// have extracted in server.ts (it is rolled back with the refusal), only the placeholder.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { server } from './server.js';

await server.connect(new StdioServerTransport()).then(() => console.error('ready'));
