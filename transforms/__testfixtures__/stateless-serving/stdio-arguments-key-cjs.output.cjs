/**
 * A low-level stdio server built in `main()` (CommonJS): the tools/call handler reads the call's arguments the usual
 * way, `const { name, arguments: args } = request.params`. That `arguments` is a key, not the function's `arguments`
 * object, so the construction moves into a factory as in stdio-function-body-js.
 */
const { Server } = require('@modelcontextprotocol/server');
const { serveStdio } = require('@modelcontextprotocol/server/stdio');

async function runTool(name, args) {
  if (name === 'echo') return { echoed: args.text };
  throw new Error(`Unknown tool: ${name}`);
}

async function main() {
  function createServer() {
    const server = new Server({ name: 'echo', version: '1.0.0' }, { capabilities: { tools: {} } });

    server.setRequestHandler('tools/list', async () => ({
      tools: [{ name: 'echo', description: 'Echo the text back.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
    }));

    server.setRequestHandler('tools/call', async (request) => {
      const { name, arguments: args } = request.params;
      const result = await runTool(name, args || {});
      return { content: [{ type: 'text', text: JSON.stringify(result) }] };
    });
    return server;
  }
  serveStdio(createServer);
}

main().catch(console.error);
