/**
 * SDK 1.x's stateless idiom straight in a node:http listener (node-http.ts `planStatelessListener`): what the rewrite
 * cannot be certain of is left as it is, with a note saying why, and no marker (there is no session to replace, and
 * scan reports nothing there). The rewrites themselves are the node-http-stateless-idiom* fixture pairs.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { tempTree } from '../support/temp-tree.js';

const PACKAGE = '{ "name": "plain", "type": "module", "dependencies": { "@modelcontextprotocol/server": "^2.0.0", "@modelcontextprotocol/node": "^2.0.0" } }\n';

const source = (listener: string) => `import { createServer } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  return new McpServer({ name: 'plain', version: '1.0.0' });
}

const httpServer = createServer(async (req, res) => {
${listener}
});

httpServer.listen(3000);
`;

async function run(listener: string) {
  const dir = tempTree({ 'package.json': PACKAGE, 'src/server.ts': source(listener) });
  const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'] });
  expect(result.failures).toEqual([]);
  return result;
}

describe('the stateless idiom in a node:http listener, left as it is', () => {
  it('when the listener does more with the transport than build, connect, close and serve it', async () => {
    const result = await run(`  const server = buildServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  transport.onerror = (error) => console.error(error);
  await server.connect(transport);
  await transport.handleRequest(req, res);`);
    expect(result.markers).toEqual([]);
    expect(result.changes.filter((c) => c.file.endsWith('server.ts'))).toEqual([]);
    expect(result.notes.join('\n')).toMatch(/left as it is \(not rewritten: the listener does more with the transport/);
  });

  it('when it serves the transport inside a try block', async () => {
    const result = await run(`  const server = buildServer();
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res);
  } catch (error) {
    console.error(error);
  }`);
    expect(result.markers).toEqual([]);
    expect(result.changes.filter((c) => c.file.endsWith('server.ts'))).toEqual([]);
    expect(result.notes.join('\n')).toMatch(/toNodeHandler\(createMcpHandler\(buildServer\)\)/);
  });

  it('when the factory is not in reach of the top level, where the handler would be declared (inside a function, or a const after the listener)', async () => {
    const IDIOM = `    const server = buildServer();
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);`;
    const head = `import { createServer } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
`;
    const local = `${head}
export function main(port: number): void {
  const buildServer = () => new McpServer({ name: 'local', version: '1.0.0' });
  const httpServer = createServer(async (req, res) => {
${IDIOM}
  });
  httpServer.listen(port);
}
`;
    const later = `${head}
const httpServer = createServer(async (req, res) => {
${IDIOM}
});
const buildServer = () => new McpServer({ name: 'later', version: '1.0.0' });
httpServer.listen(3000);
`;
    for (const [text, why] of [[local, 'is declared inside a function'], [later, 'is declared after the listener']] as const) {
      const dir = tempTree({ 'package.json': PACKAGE, 'src/server.ts': text });
      const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'] });
      expect(result.failures).toEqual([]);
      expect(result.changes.filter((c) => c.file.endsWith('server.ts'))).toEqual([]);
      expect(result.notes.join('\n')).toContain(why);
    }
  });
});
