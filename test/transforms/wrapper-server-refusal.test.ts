/**
 * A server that is a field of a project object built in the route (`const notes = new NotesServer(); notes.server.connect(t)`)
 * is built there, once per session, not one server shared by every request (sweep 23 W2): the refusal says so, and names
 * the fields the object's calls change, which a factory building one per request would lose between calls.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';

const server = (wrapper: string) => `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
${wrapper}
const transports: Record<string, StreamableHTTPServerTransport> = {};
const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports[id] = transport!; } });
    const notes = new NotesServer('./data');
    await notes.server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
`;

const CHANGED = `class NotesServer {
  server = new McpServer({ name: 'notes', version: '1.0.0' });
  constructor(public folder: string) {
    this.server.registerTool('set_folder', {}, async () => {
      this.folder = '/tmp';
      return { content: [] };
    });
  }
}`;
const READ_ONLY = `class NotesServer {
  server = new McpServer({ name: 'notes', version: '1.0.0' });
  constructor(readonly folder: string) {
    this.server.registerTool('get_folder', {}, async () => ({ content: [{ type: 'text', text: this.folder }] }));
  }
}`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

async function servingMarker(wrapper: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wrapper-server-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true, dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', express: '^5.0.0' } }));
  fs.writeFileSync(path.join(dir, 'server.ts'), server(wrapper));
  const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, dryRun: true, transforms: ['stateless-serving'] });
  const text = result.changes.find((c) => c.file.endsWith('server.ts'))?.after ?? '';
  return text.split('\n').find((line) => line.includes('@mcp-migrate-todo(session-state/per-session-server)')) ?? '';
}

describe('a server held by a project object built in the route', () => {
  it('is refused as built per session, naming the fields its calls change', async () => {
    const marker = await servingMarker(CHANGED);
    expect(marker).toContain("the field of a `NotesServer` built in the route with it, whose calls change its other fields (`this.folder`)");
    expect(marker).toContain("`() => new NotesServer('./data').server`");
    expect(marker).not.toContain('connected to every request');
  });

  it('names the factory that builds both when nothing changes its fields', async () => {
    const marker = await servingMarker(READ_ONLY);
    expect(marker).toContain("the field of a `NotesServer` built in the route with it: the entry's factory builds both (`() => new NotesServer('./data').server`");
    expect(marker).not.toContain('connected to every request');
  });
});
