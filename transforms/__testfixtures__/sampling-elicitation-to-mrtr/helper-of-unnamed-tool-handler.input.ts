/**
 * A low-level server with one tool whose tools/call handler does not switch on the tool name: the helper it calls
 * asks the client for a summary. No tool reaches the helper by name, but the handler calls it, so the sampling
 * request is sent from inside that request, not "outside a request handler" (sweep 20 T5).
 */
import { Server } from '@modelcontextprotocol/server';

async function summarize(text: string, server: Server): Promise<string> {
  const response = await server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
    maxTokens: 300,
  });
  return response.content.type === 'text' ? response.content.text : '';
}

export function createServer(): Server {
  const server = new Server({ name: 'summaries', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: [{ name: 'summarize', inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } } } }],
  }));
  server.setRequestHandler('tools/call', async (request) => {
    const summary = await summarize(String(request.params.arguments?.text ?? ''), server);
    return { content: [{ type: 'text' as const, text: summary }] };
  });
  return server;
}
