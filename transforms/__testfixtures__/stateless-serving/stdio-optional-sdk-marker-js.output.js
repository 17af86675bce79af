// An application whose MCP endpoint is optional (unchainedshop/unchained's shape, sweep 36 AJ6): the SDK is an optional
// peer, loaded with import() in a try so that the application starts without it. A static import of serveStdio would
// make the module fail to load there, so the entry is marked, not rewritten.
let McpServer;
let StdioServerTransport;
try {
  ({ McpServer } = await import('@modelcontextprotocol/server'));
  ({ StdioServerTransport } = await import('@modelcontextprotocol/server/stdio'));
} catch {
  console.warn("optional peer package '@modelcontextprotocol/server' is not installed: the MCP endpoint is off");
}

export async function startMcp(shop) {
  if (!McpServer) return;
  const server = new McpServer({ name: 'shop', version: '3.1.0' });
  server.registerTool('list_products', { description: 'List the products of the shop' }, async () => ({
    content: [{ type: 'text', text: (await shop.products()).map((p) => p.title).join('\n') }],
  }));
  // @mcp-migrate-todo(session-state/per-session-server): `StdioServerTransport` is loaded at run time (`import()`), not imported, so the SDK may be optional here: load `serveStdio` the same way (`({ serveStdio } = await import('@modelcontextprotocol/server/stdio'))`) and serve with it, keeping what the module does when the SDK is absent. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  await server.connect(new StdioServerTransport());
}
