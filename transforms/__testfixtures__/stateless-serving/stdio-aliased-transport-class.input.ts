/**
 * The transport class is used through a local alias, and the module loads its configuration with import() (review 43
 * S43-5): the class is statically imported all the same, so the entry is served with a static serveStdio import.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const Transport = StdioServerTransport;

export async function loadGreeting(): Promise<string> {
  const { default: greeting } = await import('node:os').then((os) => ({ default: `hello from ${os.hostname()}` }));
  return greeting;
}

const server = new McpServer({ name: 'greeter', version: '1.0.0' });
server.registerTool('greet', { description: 'Say hello' }, async () => ({ content: [{ type: 'text', text: await loadGreeting() }] }));

async function main(): Promise<void> {
  const transport = new Transport();
  await server.connect(transport);
}

void main();
