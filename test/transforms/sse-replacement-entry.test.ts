/**
 * `--modern-only` on a project whose only MCP endpoint is HTTP+SSE (sse-replacement-entry.ts): the stream route
 * becomes a `createMcpHandler` entry when that entry is certain, and otherwise the endpoint still goes and the note
 * says why no entry was written. The fixture pairs sse-modern-only, sse-only-modern-only and
 * sse-only-route-calls-modern-only hold the rewrites; these cases hold the refusals, which change only the note.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { tempTree } from '../support/temp-tree.js';

const PACKAGE = '{ "name": "sse-only", "type": "module", "dependencies": { "@modelcontextprotocol/server": "^2.0.0" } }\n';

function server(routes: string, factoryFirst = true): string {
  const factory = `const buildServer = () => new McpServer({ name: 'sse-only', version: '1.0.0' });\n`;
  return `import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

const app = express();
const streams = new Map<string, SSEServerTransport>();
${factoryFirst ? factory : ''}
${routes}
${factoryFirst ? '' : factory}
app.listen(3000);
`;
}

const GET_SSE = (middleware = '') => `app.get('/sse', ${middleware}async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  streams.set(transport.sessionId, transport);
  res.on('close', () => streams.delete(transport.sessionId));
  await buildServer().connect(transport);
});`;

const POST_MESSAGES = (middleware = '') => `app.post('/messages', ${middleware}async (req, res) => {
  const transport = streams.get(String(req.query.sessionId));
  if (!transport) {
    res.status(404).end();
    return;
  }
  await transport.handlePostMessage(req, res);
});`;

async function migrate(source: string) {
  const dir = tempTree({ 'package.json': PACKAGE, 'src/index.ts': source });
  const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'], transformOptions: { modernOnly: true } });
  expect(result.failures).toEqual([]);
  const after = result.changes.find((c) => c.file.endsWith('index.ts'))?.after ?? '';
  return { after, notes: result.notes.filter((n) => n.startsWith('serving:')) };
}

describe('--modern-only: an entry in place of the only (HTTP+SSE) endpoint', () => {
  it('writes the entry when the factory exists where the route was', async () => {
    const { after, notes } = await migrate(server(`${GET_SSE()}\n\n${POST_MESSAGES()}`));
    expect(after).toContain("const mcpHandler = createMcpHandler(buildServer, { legacy: 'reject' });");
    expect(after).toContain("app.all('/mcp', toNodeHandler(mcpHandler));");
    expect(after).not.toContain('SSEServerTransport');
    expect(notes.some((n) => n.includes('the project\'s only MCP endpoint was HTTP+SSE'))).toBe(true);
  });

  it('writes no entry when the factory is a const declared after the route (it would not exist yet)', async () => {
    const { after, notes } = await migrate(server(`${GET_SSE()}\n\n${POST_MESSAGES()}`, false));
    expect(after).not.toContain('createMcpHandler');
    expect(after).not.toContain("app.get('/sse'");
    expect(notes.some((n) => n.includes('serves no MCP endpoint') && n.includes('`buildServer` is declared after the route'))).toBe(true);
  });

  it('writes no entry when the routes run different middlewares', async () => {
    const auth = `const requireToken = (_req: express.Request, _res: express.Response, next: () => void) => next();\n`;
    const { after, notes } = await migrate(server(`${auth}${GET_SSE('requireToken, ')}\n\n${POST_MESSAGES()}`));
    expect(after).not.toContain('createMcpHandler');
    expect(notes.some((n) => n.includes('serves no MCP endpoint') && n.includes('different middlewares'))).toBe(true);
  });

  it('writes no entry when a route that stays answers /mcp', async () => {
    const status = `app.get('/mcp', (_req, res) => {\n  res.send('see /sse');\n});`;
    const { after, notes } = await migrate(server(`${GET_SSE()}\n\n${POST_MESSAGES()}\n\n${status}`));
    expect(after).not.toContain('createMcpHandler');
    expect(after).toContain("res.send('see /sse')");
    expect(notes.some((n) => n.includes('a route that stays already answers /mcp'))).toBe(true);
  });
});
