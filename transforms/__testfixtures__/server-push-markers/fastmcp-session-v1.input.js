import { FastMCP } from 'fastmcp';

const server = new FastMCP({ name: 'tasks', version: '1.0.0' });

/** Generates text with the connected client's model (MCP sampling). */
class SamplingProvider {
  setSession(session) {
    this.session = session;
  }

  async generate(prompt) {
    if (!this.session?.clientCapabilities?.sampling) {
      throw new Error('the client does not support sampling');
    }
    const response = await this.session.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
      maxTokens: 200,
    });
    return response.content;
  }
}

const provider = new SamplingProvider();

server.on('connect', (event) => {
  provider.setSession(event.session);
});

server.addTool({
  name: 'summarise',
  description: 'Summarise the open tasks',
  execute: async () => provider.generate('Summarise the open tasks'),
});

await server.start({ transportType: 'stdio' });
