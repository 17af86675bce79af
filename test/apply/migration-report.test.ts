/**
 * MIGRATION.md (issue 12, item 5): a second run adds a dated section and keeps what earlier runs
 * wrote (a run that changes nothing leaves the file alone); no section twice; only the risks that
 * apply; per file, what changed and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { committedRepo, git } from '../support/committed-repo.js';
import { TRANSFORMS } from '../../src/transforms/catalog.js';

const CART = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// Carts, by MCP session.
const carts = new Map<string, string[]>();

export function build(): McpServer {
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  server.tool('add_item', { sku: z.string() }, async ({ sku }, extra) => {
    const items = carts.get(extra.sessionId ?? 'local') ?? [];
    items.push(sku);
    carts.set(extra.sessionId ?? 'local', items);
    return { content: [{ type: 'text', text: \`\${items.length} items\` }] };
  });
  return server;
}
`;

/** A transport registry alone: apply marks it; no handles, no stores. */
const REGISTRY = `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const transports = new Map<string, StreamableHTTPServerTransport>();

export function register(transport: StreamableHTTPServerTransport): void {
  if (transport.sessionId) transports.set(transport.sessionId, transport);
}

export const route = (sessionId: string) => transports.get(sessionId);
`;

const report = (dir: string): string => fs.readFileSync(path.join(dir, 'MIGRATION.md'), 'utf8');
const headings = (text: string, level: string): string[] => text.split('\n').filter((l) => l.startsWith(`${level} `));
const commitAll = (dir: string): void => {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'run');
};

describe('MIGRATION.md across runs', () => {
  it('a second run that changes files adds a dated section; the first run\'s stays; a run that changes nothing leaves the file alone', async () => {
    const dir = committedRepo({ 'src/server.ts': CART });
    expect((await runCli(['apply', '--transforms', 'sdk-v2'], { cwd: dir })).stderr).toBe('');
    const first = report(dir);
    commitAll(dir);
    expect((await runCli(['apply'], { cwd: dir })).stderr).toBe('');
    const second = report(dir);
    expect(second.startsWith(first.trimEnd())).toBe(true);
    expect(headings(second, '#')).toEqual(['# MCP migration report']);
    const runs = headings(second, '##');
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(run).toMatch(/^## \d{4}-\d\d-\d\d \d\d:\d\d UTC: `mcp-migrate apply` /);
    expect(second.slice(first.length)).toContain('`create_cart`');
    commitAll(dir);
    await runCli(['apply'], { cwd: dir });
    expect(report(dir)).toBe(second);
  });

  it('keeps a MIGRATION.md a person wrote, and adds the run below it', async () => {
    const mine = '# Our migration notes\n\nWe move to 2026-07-28 in Q3.\n';
    const dir = committedRepo({ 'src/server.ts': CART, 'MIGRATION.md': mine });
    await runCli(['apply'], { cwd: dir });
    const text = report(dir);
    expect(text.startsWith(mine)).toBe(true);
    expect(headings(text, '##')).toHaveLength(1);
  });
});

describe('MIGRATION.md content', () => {
  it('no section twice in a run', async () => {
    const dir = committedRepo({ 'src/server.ts': CART, 'src/http.ts': REGISTRY });
    await runCli(['apply'], { cwd: dir });
    const sections = headings(report(dir), '###');
    expect(sections.length).toBeGreaterThan(2);
    expect(new Set(sections).size).toBe(sections.length);
    // Each note once (it used to be listed under "Also done" and again under "Notes").
    const notes = report(dir).split('\n').filter((l) => l.startsWith('- sdk-v2: '));
    expect(notes.length).toBeGreaterThan(0);
    expect(new Set(notes).size).toBe(notes.length);
  });

  it("the next steps name the modules the run generated, whichever transform generated them", async () => {
    const withHandles = committedRepo({ 'src/server.ts': CART });
    await runCli(['apply'], { cwd: withHandles });
    expect(report(withHandles)).toContain('Commit the generated module `src/mcp-handles.ts` with the change.');
    const events = committedRepo({
      'package.json': JSON.stringify({ name: 'flags', type: 'module', dependencies: { '@modelcontextprotocol/server': '^2.4.0', zod: '^4.1.0' } }),
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function build(): McpServer {
  const server = new McpServer({ name: 'flags', version: '1.0.0' });
  server.registerTool('enable', { inputSchema: { flag: z.string() } }, async ({ flag }) => {
    server.sendToolListChanged();
    return { content: [{ type: 'text', text: \`enabled \${flag}\` }] };
  });
  return server;
}
`,
    });
    await runCli(['apply'], { cwd: events });
    expect(report(events)).toContain('Commit the generated module `src/mcp-server-events.ts` with the change.');
    expect(report(events)).not.toContain('mcp-handles');
  });

  it('only the risks that apply: no in-process state, handle checklist or token cost without handles', async () => {
    const dir = committedRepo({ 'src/http.ts': REGISTRY });
    await runCli(['apply'], { cwd: dir });
    const text = report(dir);
    expect(text).not.toContain('In-process state');
    expect(text).not.toContain('Handle security checklist');
    expect(text).not.toContain('Token cost');
    const withHandles = committedRepo({ 'src/server.ts': CART });
    await runCli(['apply'], { cwd: withHandles });
    expect(report(withHandles)).toContain('**In-process state.** `carts`');
    expect(report(withHandles)).toContain('**Handle security checklist.**');
    expect(report(withHandles)).toMatch(/anonymous server .* a handle is a \*\*bearer secret\*\*/);
    expect(report(withHandles)).toMatch(/absolute lifetime \(`--handle-max-age`\)/);
  });

  it('per file: each transform that changed it, with why', async () => {
    const dir = committedRepo({ 'src/server.ts': CART });
    await runCli(['apply'], { cwd: dir });
    const text = report(dir);
    const entry = text.slice(text.indexOf('#### `src/server.ts`'));
    const block = entry.slice(0, entry.indexOf('\n#', 1));
    for (const name of ['sdk-v2', 'session-state-to-handles']) {
      const transform = TRANSFORMS.find((t) => t.name === name)!;
      expect(block).toContain(`- \`${name}\`: ${transform.summary}. Why: ${transform.why}`);
    }
    expect(text).toContain('#### `src/mcp-handles.ts` (new)');
  });

  it('per file: what a transform\'s notes say it did in that file, not its general summary (sweep 10 H9)', async () => {
    // Already stateless (createMcpHandler): the only serving edit is the CORS list.
    const dir = committedRepo({
      'package.json': JSON.stringify({ name: 'db', type: 'module', dependencies: { '@modelcontextprotocol/server': '^2.4.0', '@modelcontextprotocol/node': '^2.1.2', express: '^5.1.0' } }),
      'src/server.ts': `import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
const app = express();
app.use((_req, res, next) => {
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Mcp-Session-Id');
  next();
});
app.all('/mcp', toNodeHandler(createMcpHandler(() => new McpServer({ name: 'db', version: '1.0.0' }))));
app.listen(3000);
`,
    });
    await runCli(['apply', '--no-typecheck'], { cwd: dir });
    const text = report(dir);
    const entry = text.slice(text.indexOf('#### `src/server.ts`'));
    const block = entry.slice(0, entry.indexOf('\n#', 1));
    expect(block).toContain('- `stateless-serving`: Mcp-Session-Id dropped from the CORS header list');
    expect(block).not.toContain(TRANSFORMS.find((t) => t.name === 'stateless-serving')!.summary);
  });

  it('one entry per site left for a person: a store marked at its declaration is not listed again as a store', async () => {
    const dir = committedRepo({ 'src/http.ts': REGISTRY });
    await runCli(['apply'], { cwd: dir });
    const text = report(dir);
    const left = text.slice(text.indexOf('### Left for a person'));
    const entries = left.slice(0, left.indexOf('\n###', 1)).split('\n').filter((l) => l.startsWith('- '));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatch(/^- `src\/http\.ts:\d+` \(session-transport\/transport-registry\): /);
  });

  it('per file: a transform that only left markers there is said to have marked, not to have rewritten', async () => {
    const dir = committedRepo({ 'src/http.ts': REGISTRY });
    // stateless-v1: no SDK move, so the only change to the file is the marker.
    await runCli(['apply', '--target', 'stateless-v1'], { cwd: dir });
    const text = report(dir);
    const entry = text.slice(text.indexOf('#### `src/http.ts`'));
    const lines = entry.slice(0, entry.indexOf('\n#', 1)).split('\n').filter((l) => l.startsWith('- `'));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const name = /^- `([^`]+)`/.exec(line)![1]!;
      // The marker carries its own reason: the transform's general why would not fit it (sweep 10 H8).
      expect(line, line).toMatch(/: left 1 marker for a person \(see "Left for a person"\)\.$/);
      expect(line).not.toContain(TRANSFORMS.find((t) => t.name === name)!.summary);
    }
  });

  it('one entry per registry: a store marked where its key comes from is listed by that marker, not again by its declaration', async () => {
    const fixture = path.join(import.meta.dirname, '../../transforms/__testfixtures__/session-state-to-handles/store-outside-tools-marker.input.ts');
    const dir = committedRepo({ 'src/server.ts': fs.readFileSync(fixture, 'utf8') });
    await runCli(['apply', '--transforms', 'session-state-to-handles'], { cwd: dir });
    const text = report(dir);
    const left = text.slice(text.indexOf('### Left for a person'));
    const entries = left.slice(0, left.indexOf('\n###', 1)).split('\n').filter((l) => l.startsWith('- '));
    // The store: one entry (its marker), not a second one for its declaration.
    const store = entries.filter((l) => l.includes('(session-state/keyed-store)'));
    expect(store).toHaveLength(1);
    expect(store[0]).toContain('`scores`');
    // The session-id read that keys it is a site of its own, marked once and pointing at the store's marker.
    const reads = entries.filter((l) => l.includes('(session-state/session-id-read)'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain('keys `scores`');
    expect(entries).toHaveLength(2);
  });
});
