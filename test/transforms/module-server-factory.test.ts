/**
 * A server the module builds once with the project's own factory and connects in the route (sweep 31 AE1) is served
 * with that factory only where nothing else needs the one instance (review 40b S40-2, S40-4): not when it is exported,
 * and not when the "factory" hands back an instance it keeps (a lazy singleton).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { removeTempTrees, tempTree } from '../support/temp-tree.js';

afterAll(removeTempTrees);

const route = (serverLine: string, factory: string) => `import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
${factory}
${serverLine}
const transports: Record<string, NodeStreamableHTTPServerTransport> = {};
const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => { transports[id] = transport!; },
    });
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
`;
const FACTORY = `function buildServer(): McpServer {
  const built = new McpServer({ name: 'demo', version: '1.0.0' });
  built.registerTool('ping', { description: 'ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return built;
}`;
const SINGLETON = `let instance: McpServer | undefined;
function getServer(): McpServer {
  if (!instance) {
    instance = new McpServer({ name: 'demo', version: '1.0.0' });
  }
  return instance;
}`;

async function applied(code: string): Promise<string> {
  const dir = tempTree({ 'server.ts': code });
  await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'] });
  return fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
}

describe('a module-level server from a project factory', () => {
  it('used for nothing but the route: served with the factory, the instance goes', async () => {
    const out = await applied(route('const server = buildServer();', FACTORY));
    expect(out).toContain('createMcpHandler(buildServer)');
    expect(out).not.toContain('const server = buildServer();');
  });

  it('exported for other modules: kept, and the marker names the factory', async () => {
    const out = await applied(route('export const server = buildServer();', FACTORY));
    expect(out).toContain('export const server = buildServer();');
    expect(out).toContain("built once at module level by the project's factory (`buildServer()`) and exported for other modules");
  });

  it('from a lazy singleton: no factory, said so', async () => {
    const out = await applied(route('const server = getServer();', SINGLETON));
    expect(out).not.toContain('createMcpHandler(getServer)');
    expect(out).toContain('hands back the instance it keeps (`instance`)');
  });
});
