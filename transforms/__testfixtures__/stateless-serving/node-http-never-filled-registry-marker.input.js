/**
 * A node:http server that already builds a stateless transport and a server per POST, but keeps a registry from its
 * sessionful days: a transport is stored only `if (transport.sessionId)`, which a `sessionIdGenerator: undefined`
 * transport never has (sovanza-inc/mcp-jimani-online's shape, sweep 18 R5). The POST branch still routes on the
 * session header, so it is marked; the marker names the project's own factory, `buildNotesServer`.
 */
const http = require('node:http');
const { McpServer } = require('@modelcontextprotocol/server');
const { NodeStreamableHTTPServerTransport } = require('@modelcontextprotocol/node');

function buildNotesServer() {
  const server = new McpServer({ name: 'notes', version: '1.2.0' });
  server.registerTool('count_notes', { description: 'How many notes there are.' }, async () => ({
    content: [{ type: 'text', text: '0' }],
  }));
  return server;
}

const httpTransports = {};

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/mcp') {
      const sessionId = req.headers['mcp-session-id'];
      if (req.method === 'POST') {
        if (sessionId && httpTransports[sessionId]) {
          await httpTransports[sessionId].handleRequest(req, res);
          return;
        }
        const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
        const server = buildNotesServer();
        await server.connect(transport);
        await transport.handleRequest(req, res);
        if (transport.sessionId) httpTransports[transport.sessionId] = transport;
        return;
      }
      res.writeHead(405).end();
      return;
    }
    res.writeHead(404).end();
  })
  .listen(3000);
