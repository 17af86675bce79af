import { FastMCP } from 'fastmcp';

const server = new FastMCP({ name: 'tasks', version: '1.0.0' });

/** Generates text with the connected client's model (MCP sampling). */
class SamplingProvider {
  setSession(session) {
    this.session = session;
  }

  async generate(prompt) {
    // @mcp-migrate-todo(handshake/client-capabilities): FastMCP: `session.clientCapabilities` comes from the `initialize` handshake, which 2026-07-28 removes, and FastMCP 4 (on SDK 1.x) has no per-request envelope to read them from instead. Do not depend on them: offer the feature to every client, or take the choice as a tool argument. The FastMCP path on stdio: the connection is the session, and FastMCP 4 (on SDK 1.x) cannot serve 2026-07-28; drop the per-connection hooks (`server.on("connect")`) and the server→client requests, keep state that spans calls behind an explicit handle a tool returns, and serve with SDK v2's `serveStdio` (or a FastMCP release on SDK v2).
    if (!this.session?.clientCapabilities?.sampling) {
      throw new Error('the client does not support sampling');
    }
    // @mcp-migrate-todo(deprecated-feature/sampling): FastMCP: `session.requestSampling()` sends a server→client `sampling/createMessage` request, which throws on a 2026-07-28 request (and has no client to go to in stateless mode). Call the LLM provider from the tool instead. The FastMCP path on stdio: the connection is the session, and FastMCP 4 (on SDK 1.x) cannot serve 2026-07-28; drop the per-connection hooks (`server.on("connect")`) and the server→client requests, keep state that spans calls behind an explicit handle a tool returns, and serve with SDK v2's `serveStdio` (or a FastMCP release on SDK v2).
    const response = await this.session.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
      maxTokens: 200,
    });
    return response.content;
  }
}

const provider = new SamplingProvider();

server.on('connect', (event) => {
  // @mcp-migrate-todo(session-state/per-session-server): FastMCP: A FastMCPSession (one client's connection, with its own SDK `Server`) is kept in a field so later calls can use it; 2026-07-28 has no sessions, and in stateless mode each request gets a throwaway one. Whatever later code needs from it (sampling, roots, capabilities) has to come with the request, or from configuration. The FastMCP path on stdio: the connection is the session, and FastMCP 4 (on SDK 1.x) cannot serve 2026-07-28; drop the per-connection hooks (`server.on("connect")`) and the server→client requests, keep state that spans calls behind an explicit handle a tool returns, and serve with SDK v2's `serveStdio` (or a FastMCP release on SDK v2).
  provider.setSession(event.session);
});

server.addTool({
  name: 'summarise',
  description: 'Summarise the open tasks',
  execute: async () => provider.generate('Summarise the open tasks'),
});

await server.start({ transportType: 'stdio' });
