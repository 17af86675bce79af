// The entry chains on the promise `connect` returns: not rewritten, and the marker names no factory the rewrite would
// have extracted in server.ts (it is rolled back with the refusal), only the placeholder.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { server } from './server.js';

// @mcp-migrate-todo(session-state/per-session-server): the result of `server.connect(…)` is used: use the handle serveStdio returns instead (it has `close()`). Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
await server.connect(new StdioServerTransport()).then(() => console.error('ready'));
