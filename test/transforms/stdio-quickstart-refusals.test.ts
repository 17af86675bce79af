/**
 * The SDK quickstart's stdio shape (a module-level server connected inside `main()`) becomes a factory only when
 * moving its construction into a function changes nothing else (stdio.ts `connectedInModuleFunction`,
 * `extractFactory`). Each case below was rewritten wrongly before its check (the session-18 review): an exported
 * server moved into the function (a syntax error), a use after `main()` reached through another function moved
 * ahead of the connect, a timer and a signal listener moved into a factory the entry calls per server it builds.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { tempTree } from '../support/temp-tree.js';

const PACKAGE = JSON.stringify({ name: 'quickstart', type: 'module', dependencies: { '@modelcontextprotocol/server': '^2.4.0' } });
const HEAD = `import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
`;
const SERVER = `const server = new McpServer({ name: 'quick', version: '1.0.0' });
server.registerTool('ping', { description: 'ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
`;
const MAIN = `async function main() {
  await server.connect(new StdioServerTransport());
}
`;

async function migrate(source: string) {
  const dir = tempTree({ 'package.json': PACKAGE, 'src/index.ts': source });
  const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'] });
  expect(result.failures).toEqual([]);
  return result.changes.find((c) => c.file.endsWith('index.ts'))?.after ?? source;
}

describe('the quickstart stdio shape', () => {
  it('is marked where the server is wrapped at module level (epicshop: Sentry), and the marker names no route (sweep 10)', async () => {
    const wrapped = `${HEAD}\n${SERVER}const wrap = (s: McpServer): McpServer => s;\nconst monitored = process.env.SENTRY ? wrap(server) : server;\nasync function main() {\n  const transport = new StdioServerTransport();\n  await monitored.connect(transport);\n}\nmain();\n`;
    const after = await migrate(wrapped);
    expect(after).toContain('the server is not built where the stdio transport is connected by a factory function');
    expect(after).not.toContain('in the route');
  });

  it('is rewritten in its plain form', async () => {
    const after = await migrate(`${HEAD}\n${SERVER}\n${MAIN}\nmain();\n`);
    expect(after).toContain('function createServer() {');
    expect(after).toContain('serveStdio(createServer);');
  });

  it('is not, when the server is exported (export const, export { server })', async () => {
    for (const source of [`${HEAD}\nexport ${SERVER}\n${MAIN}\nmain();\n`, `${HEAD}\n${SERVER}\n${MAIN}\nexport { server };\nmain();\n`]) {
      const after = await migrate(source);
      expect(after).not.toContain('function createServer()');
      expect(after).toContain('`server` is exported here');
    }
  });

  it('is not, when a statement after a call that reaches the connect through another function uses the server', async () => {
    const source = `${HEAD}\n${SERVER}\nasync function start() {\n  await server.connect(new StdioServerTransport());\n}\nvoid run();\nserver.registerTool('late', { description: 'late' }, async () => ({ content: [] }));\nasync function run() {\n  await start();\n}\n`;
    const after = await migrate(source);
    expect(after).not.toContain('function createServer()');
    expect(after).toMatch(/@mcp-migrate-todo\(session-state\/per-session-server\): `server` is used here[^\n]*\nserver\.registerTool\('late'/);
  });

  it('is not, when the construction starts a timer or a process listener', async () => {
    for (const once of ["const beat = setInterval(() => void server.server.getClientVersion(), 60_000);\n", "process.on('SIGINT', async () => {\n  await server.close();\n});\n"]) {
      const after = await migrate(`${HEAD}\n${SERVER}${once}\n${MAIN}\nmain();\n`);
      expect(after).not.toContain('function createServer()');
      expect(after).toContain('must run once');
    }
  });
});

describe('a class whose start() connects the server its constructor built (twilio-labs/mcp, sweep 7 E9)', () => {
  it('is marked as connecting a server it does not build, not as building it with more than const declarations', async () => {
    const source = `${HEAD}
export class ToolServer {
  protected server: McpServer;
  constructor(name: string) {
    this.server = new McpServer({ name, version: '1.0.0' });
  }
  async start(transport: StdioServerTransport) {
    await this.load();
    await this.server.connect(transport);
  }
  private async load() {}
}

export async function main() {
  const server = new ToolServer('tools');
  const transport = new StdioServerTransport();
  await server.start(transport);
}
`;
    const after = await migrate(source);
    expect(after).toContain('`server.start` connects `this.server`, a server it does not build itself');
    expect(after).not.toContain('builds the server with more than');
  });
});

describe('one server for an HTTP+SSE route and stdio (sweep 21 U4)', () => {
  it('marks the stdio connect that stays, naming the route that connects the same server, not the route', async () => {
    const source = `${HEAD}import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
${SERVER}
async function run(port?: string) {
  if (port) {
    const app = express();
    let transport: SSEServerTransport | undefined;
    app.get('/sse', async (_req, res) => {
      transport = new SSEServerTransport('/messages', res);
      await server.connect(transport);
    });
    app.post('/messages', async (req, res) => {
      if (transport) await transport.handlePostMessage(req, res);
    });
    app.listen(port);
  } else {
    const stdio = new StdioServerTransport();
    await server.connect(stdio);
  }
}
void run(process.env.PORT);
`;
    const after = (await migrate(source)).split('\n');
    const stdioConnect = after.findIndex((line) => line.includes('await server.connect(stdio)'));
    expect(after[stdioConnect - 1]).toContain('@mcp-migrate-todo(session-state/per-session-server): `server`, the server this stdio transport is connected to, is also used in another function (`await server.connect(transport);`)');
    const routeConnect = after.findIndex((line) => line.includes('await server.connect(transport)'));
    expect(after[routeConnect - 1]).not.toContain('session-state/per-session-server');
  });
});
