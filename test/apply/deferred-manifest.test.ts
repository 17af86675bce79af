/**
 * What the SDK move decides on the code as the official codemod leaves it, revised once the later transforms ran
 * (sweep 30 AD2): an SDK 1.x path the codemod could not move (`…/examples/shared/inMemoryEventStore.js`) keeps the
 * v1 package and gets the codemod's note, until the serving step drops the event store and its import with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { tempTree } from '../support/temp-tree.js';

const SERVER = `import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
import { randomUUID } from 'node:crypto';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'ad2', version: '1.0.0' });
  server.registerTool('ping', { description: 'ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();
app.use(express.json());
const transports: Record<string, StreamableHTTPServerTransport> = {};

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    const t = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new InMemoryEventStore(),
      onsessioninitialized: (id) => {
        transports[id] = t;
      },
    });
    transport = t;
    await buildServer().connect(t);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
`;
const MANIFEST = '{ "name": "ad2", "version": "1.0.0", "type": "module",\n  "dependencies": { "@modelcontextprotocol/sdk": "1.17.0", "express": "5.1.0", "zod": "3.24.1" } }\n';

describe('an SDK 1.x path the codemod left, removed by a later transform', () => {
  it('takes the codemod\'s note and the v1 package with it', async () => {
    const dir = tempTree({ 'package.json': MANIFEST, 'src/http.ts': SERVER });
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false });
    expect(result.failures).toEqual([]);
    const http = fs.readFileSync(path.join(dir, 'src/http.ts'), 'utf8');
    expect(http).not.toContain('inMemoryEventStore');
    expect(http).not.toContain('@mcp-codemod-error');
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@modelcontextprotocol/node', '@modelcontextprotocol/server', 'express', 'zod']);
    expect(result.notes.some((n) => n.includes('removed @modelcontextprotocol/sdk: src/http.ts no longer refers to it'))).toBe(true);
    expect(result.notes.some((n) => n.includes('keeps @modelcontextprotocol/sdk'))).toBe(false);
    expect(result.notes.some((n) => n.includes('left for a person by the official codemod'))).toBe(false);
  });

  it('names only what the revision adds: zod the codemod\'s import brought is declared already (review 39c T2)', async () => {
    const dir = tempTree({ 'package.json': '{ "name": "ad2", "version": "1.0.0", "type": "module",\n  "dependencies": { "@modelcontextprotocol/sdk": "1.17.0" } }\n', 'src/http.ts': SERVER.replace("server.registerTool('ping', { description: 'ping' }", "server.tool('ping', 'ping', {}") });
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false });
    expect(result.failures).toEqual([]);
    const revised = result.notes.find((n) => n.includes('no longer refers to it'));
    expect(revised).toBeDefined();
    expect(revised).toContain('express');
    expect(revised).not.toContain('zod');
    expect(result.notes.some((n) => n.includes('zod ^4.2.0 added (the migrated code now imports it)'))).toBe(true);
  });
});

describe('a workspace whose root package.json declares the SDK for its members', () => {
  it('keeps @modelcontextprotocol/sdk while another member (a client) imports it, with or without the event store (review 39c T1)', async () => {
    // The server of the test above, registering its tool the SDK 1.x way.
    const server = SERVER.replace("server.registerTool('ping', { description: 'ping' }", "server.tool('ping', 'ping', {}");
    const client = `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const client = new Client({ name: 'c', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost:3000/mcp')));
console.log(await client.listTools());
`;
    for (const variant of ['evstore', 'plain']) {
      const code = variant === 'plain' ? server.split('\n').filter((line) => !line.includes('InMemoryEventStore')).join('\n') : server;
      const dir = tempTree({
        'package.json': '{ "name": "mono", "private": true, "type": "module", "workspaces": ["packages/*"],\n  "dependencies": { "@modelcontextprotocol/sdk": "1.17.0", "express": "5.1.0", "zod": "3.25.76" } }\n',
        'packages/server/package.json': '{ "name": "server", "version": "1.0.0", "type": "module" }\n',
        'packages/server/src/http.ts': code,
        'packages/client/package.json': '{ "name": "client", "version": "1.0.0", "type": "module" }\n',
        'packages/client/src/client.ts': client,
      });
      const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false });
      expect(result.failures).toEqual([]);
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      expect(manifest.dependencies['@modelcontextprotocol/sdk'], variant).toBe('1.17.0');
      expect(result.notes.some((n) => n.includes('keeps @modelcontextprotocol/sdk') && n.includes('packages/client/src/client.ts')), variant).toBe(true);
    }
  });
});
