/**
 * A transport registry is serving plumbing (sweep 23 W4, W6): the report does not count it among the session-keyed
 * stores a handle could replace, and on SDK 1.x (`--target stateless-v1`) its marker names no SDK v2 API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { renderMarkdown } from '../../src/apply/report.js';

const SERVER = `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const transports: Record<string, StreamableHTTPServerTransport> = {};
const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports[id] = transport!; } });
    await new McpServer({ name: 'calc', version: '1.0.0' }).connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const NEVER_FILLED = `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const app = express();
app.use(express.json());
const transports: Record<string, StreamableHTTPServerTransport> = {};
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  if (transport.sessionId) transports[transport.sessionId] = transport;
  const server = new McpServer({ name: 'n', version: '1.0.0' });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
`;

async function applyTo(target: '2026-07-28' | 'stateless-v1', source = SERVER) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-plumbing-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true, dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', express: '^5.0.0' } }));
  fs.writeFileSync(path.join(dir, 'server.ts'), source);
  const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, dryRun: true, transforms: ['session-state-to-handles'], transformOptions: { target } });
  const text = result.changes.find((c) => c.file.endsWith('server.ts'))?.after ?? '';
  return { result, registryMarker: text.split('\n').find((line) => line.includes('@mcp-migrate-todo(session-transport/transport-registry)')) ?? '' };
}

describe('a transport registry in the handles transform', () => {
  it('is not counted as a session-keyed store left without a handle', async () => {
    const { result } = await applyTo('2026-07-28');
    expect(result.stores.map((s) => [s.store, s.plumbing])).toEqual([['transports', true]]);
    expect(renderMarkdown(result, { date: new Date(0) })).not.toContain('Session-keyed stores turned into handles');
  });

  it('names createMcpHandler on SDK v2 and the SDK 1.x form on stateless-v1', async () => {
    expect((await applyTo('2026-07-28')).registryMarker).toContain('createMcpHandler');
    const onV1 = (await applyTo('stateless-v1')).registryMarker;
    expect(onV1).toContain('`sessionIdGenerator: undefined`');
    expect(onV1).not.toContain('createMcpHandler');
  });

  it('never filled (its transports are stateless): on stateless-v1 the transport per request is the SDK 1.x form, no createMcpHandler (review 36 R5)', async () => {
    expect((await applyTo('2026-07-28', NEVER_FILLED)).registryMarker).toContain('until the endpoint is served with `createMcpHandler`');
    const onV1 = (await applyTo('stateless-v1', NEVER_FILLED)).registryMarker;
    expect(onV1).toContain('never filled');
    expect(onV1).not.toContain('createMcpHandler');
  });
});
