import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { NOTE_LIMIT, server } from './server.js';

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => transport.close());
  // @mcp-migrate-todo(session-state/per-session-server): the server is built in `server.ts` and imported here: that module is an entry point its package publishes (package.json `main`, `module` or `exports`), so code outside the project may import the server object: export a factory function there beside it instead. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000, () => console.error(`notes (up to ${NOTE_LIMIT}) on :3000`));
