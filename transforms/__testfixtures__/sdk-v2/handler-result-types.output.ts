/**
 * A low-level server whose handlers v1 let return anything that fits `ServerResult`: resource
 * contents typed as `Resource` (they carry `text` or `blob`), a tool result's content built in an
 * untyped array, a tool result built by a helper the handler returns.
 */
import { Server, Resource, type BlobResourceContents, type ContentBlock, type TextResourceContents } from '@modelcontextprotocol/server';

export function createServer(): Server {
  const server = new Server({ name: 'library', version: '1.0.0' }, { capabilities: { resources: {}, tools: {}, prompts: {} } });

  // Half plain text, half binary.
  const ALL_RESOURCES: (Resource & (TextResourceContents | BlobResourceContents))[] = Array.from({ length: 10 }, (_, i) => {
    const uri = `test://static/resource/${i + 1}`;
    if (i % 2 === 0) {
      return { uri, name: `Resource ${i + 1}`, mimeType: 'text/plain', text: `Resource ${i + 1}` };
    }
    return { uri, name: `Resource ${i + 1}`, mimeType: 'application/octet-stream', blob: Buffer.from(`Resource ${i + 1}`).toString('base64') };
  });
  // Listed only: no contents, stays a Resource.
  const listed: Resource[] = [{ uri: 'test://app', name: 'App', mimeType: 'text/html' }];

  server.setRequestHandler('resources/list', async () => ({ resources: [...ALL_RESOURCES, ...listed] }));

  server.setRequestHandler('resources/read', async (request) => {
    const index = Number(request.params.uri.split('/').pop()) - 1;
    return { contents: [ALL_RESOURCES[index]!] };
  });

  server.setRequestHandler('prompts/get', async () => ({
    messages: [{ role: 'user', content: { type: 'resource', resource: ALL_RESOURCES[0]! } }],
  }));

  server.setRequestHandler('tools/call', async (request) => {
    // Built apart from the returned literal: no contextual type, so its `type` widens to string.
    const errorResult = (message: string) => ({ content: [{ type: 'text' as const, text: `Error: ${message}` }], isError: true });
    if (request.params.name !== 'describe') return errorResult(`unknown tool ${request.params.name}`);
    const content: ContentBlock[] = [];
    content.push({ type: 'text', text: `Called ${request.params.name}`, annotations: { priority: 1.0, audience: ['user'] } });
    if (request.params.arguments?.image) {
      content.push({ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' });
    }
    return { content };
  });

  return server;
}
