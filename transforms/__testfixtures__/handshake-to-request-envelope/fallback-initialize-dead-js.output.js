// @ts-check
/**
 * A mail server built on SDK 1.x's low-level Server with one catch-all handler (the shape of outlook-mcp). Its
 * `initialize` branch never runs: the SDK's Server registers its own initialize handler in its constructor, and the
 * catch-all only gets what no handler takes. The branch goes (inside the handler's `try`, as outlook-mcp writes it);
 * the rest of the handler stays as it is.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const TOOLS = [
  { name: 'list-emails', description: 'List recent emails', inputSchema: { type: 'object', properties: {} } },
];

const server = new Server({ name: 'mail', version: '1.2.0' }, { capabilities: { tools: {} } });

// Handle all requests
server.fallbackRequestHandler = async (request) => {
  try {
    const { method, params, id } = request;
    console.error(`REQUEST: ${method} [${id}]`);

    // Tools list handler
    if (method === 'tools/list') {
      return { tools: TOOLS };
    }

    if (method === 'tools/call') {
      const name = params?.name;
      return { content: [{ type: 'text', text: `called ${name}` }] };
    }

    return { error: { code: -32601, message: `Method not found: ${method}` } };
  } catch (error) {
    console.error('request failed', error);
    throw error;
  }
};

await server.connect(new StdioServerTransport());
