/**
 * `mcp-migrate apply` end to end, in-process through `main(argv, io)`: what it writes, what it
 * refuses, and its exit codes (design.md: 0 done; 1 markers/findings left or --check pending;
 * 2 usage error or crash).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { tempTree } from '../support/temp-tree.js';
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
  server.tool('view_cart', async (extra) => {
    const items = carts.get(extra.sessionId ?? 'local') ?? [];
    return { content: [{ type: 'text', text: items.join(', ') }] };
  });
  return server;
}
`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(argv: string[], cwd: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    isTTY: false,
    env: {},
    cwd,
  });
  return { code, stdout, stderr };
}

function git(dir: string, ...args: string[]): void {
  const result = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
  if (result.status !== 0) throw new Error(result.stderr);
}

function committedRepo(files: Record<string, string>): string {
  const dir = tempTree(files);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'init');
  return dir;
}

const read = (dir: string, rel: string): string => fs.readFileSync(path.join(dir, rel), 'utf8');

describe('apply', () => {
  it('rewrites the store into handles, writes the module and MIGRATION.md, and a second run changes nothing', async () => {
    const dir = committedRepo({ 'src/server.ts': CART });
    const first = await run(['apply', '--no-color'], dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const server = read(dir, 'src/server.ts');
    // The default target (2026-07-28) moves the file to SDK v2 first (sdk-v2), then re-keys the store.
    expect(server).toContain("import { McpServer } from '@modelcontextprotocol/server';");
    expect(server).toContain("server.registerTool('add_item', { inputSchema: z.object({ sku: z.string(), cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') }) }, async ({ sku, cart_id }, ctx) => {");
    expect(server).toContain('carts.get(cart_id)');
    expect(server).not.toContain('sessionId');
    expect(server).toContain("'create_cart'");
    expect(fs.existsSync(path.join(dir, 'src/mcp-handles.ts'))).toBe(true);
    const report = read(dir, 'MIGRATION.md');
    expect(report).toContain('| `carts` (src/server.ts:5) | `cart_id` | `create_cart` | `add_item`, `view_cart` | yes |');
    expect(report).toContain('In-process state');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'migrated');
    const second = await run(['apply', '--no-color'], dir);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('0 files changed');
    expect(spawnSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' }).stdout).toBe('');
  });

  it('--dry-run prints a unified diff and writes nothing', async () => {
    const dir = committedRepo({ 'src/server.ts': CART });
    const result = await run(['apply', '--dry-run', '--no-color'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--- a/src/server.ts');
    expect(result.stdout).toContain('+++ b/src/mcp-handles.ts');
    expect(result.stdout).toMatch(/^-.*extra\.sessionId/m);
    // The summary goes to standard error, so the diff on standard output can be piped to a patch file.
    expect(result.stderr).toContain('would change');
    expect(result.stdout).not.toContain('would change');
    expect(read(dir, 'src/server.ts')).toBe(CART);
    expect(fs.existsSync(path.join(dir, 'MIGRATION.md'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'src/mcp-handles.ts'))).toBe(false);
  });

  it('--check exits 1 while changes are pending and writes nothing', async () => {
    const dir = committedRepo({ 'src/server.ts': CART });
    const result = await run(['apply', '--check'], dir);
    expect(result.code).toBe(1);
    expect(read(dir, 'src/server.ts')).toBe(CART);
  });

  it('refuses files with uncommitted changes unless --allow-dirty', async () => {
    const dir = committedRepo({ 'src/server.ts': CART });
    fs.appendFileSync(path.join(dir, 'src/server.ts'), '// local edit\n');
    const refused = await run(['apply'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('uncommitted changes');
    expect(refused.stderr).toContain('src/server.ts');
    expect(read(dir, 'src/server.ts')).toBe(`${CART}// local edit\n`);
    const allowed = await run(['apply', '--allow-dirty'], dir);
    expect(allowed.code).toBe(0);
    expect(read(dir, 'src/server.ts')).toContain('cart_id');
  });

  it('works outside git with a warning', async () => {
    const dir = tempTree({ 'src/server.ts': CART });
    const result = await run(['apply', '--no-color'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('not a git repository');
    expect(read(dir, 'src/server.ts')).toContain('cart_id');
  });

  it('asks git about uncommitted changes only when it could refuse them (not with --dry-run or --allow-dirty)', async () => {
    // A `git` first on PATH that logs its arguments and runs the real one.
    const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
    const bin = tempTree({ 'calls.log': '' });
    const log = path.join(bin, 'calls.log');
    fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`, { mode: 0o755 });
    const dir = committedRepo({ 'src/server.ts': CART });
    const outside = tempTree({ 'src/server.ts': CART });
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${savedPath}`;
    try {
      for (const args of [['--dry-run'], ['--allow-dirty', '--dry-run'], ['--allow-dirty']]) {
        const result = await run(['apply', '--no-color', ...args], args.includes('--allow-dirty') ? outside : dir);
        expect(result.code, args.join(' ')).toBe(0);
        // Whether the directory is in a repository is still told (from its .git): the warning fits each.
        expect((result.stdout + result.stderr).includes('not a git repository'), args.join(' ')).toBe(args.includes('--allow-dirty'));
      }
      expect(fs.readFileSync(log, 'utf8')).toBe('');
      // The control: a run that may refuse asks git, and writes.
      const refusing = await run(['apply', '--no-color'], dir);
      expect(refusing.code).toBe(0);
      expect(fs.readFileSync(log, 'utf8')).toMatch(/^status /m);
      expect(read(dir, 'src/server.ts')).toContain('cart_id');
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it('works on a subfolder of a repository (monorepo package)', async () => {
    const dir = committedRepo({ 'packages/shop/src/server.ts': CART, 'packages/other/index.ts': 'export {};\n' });
    const result = await run(['apply', 'packages/shop'], dir);
    expect(result.code).toBe(0);
    expect(fs.existsSync(path.join(dir, 'packages/shop/MIGRATION.md'))).toBe(true);
    expect(read(dir, 'packages/shop/src/server.ts')).toContain('cart_id');
  });

  it('leaves a marker and exits 1 for what it cannot rewrite; the marker is not duplicated by a re-run', async () => {
    const source = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const transports = new Map<string, StreamableHTTPServerTransport>();

export function route(sessionId: string): StreamableHTTPServerTransport | undefined {
  return transports.get(sessionId);
}

export function register(transport: StreamableHTTPServerTransport, server: McpServer): void {
  transport.onclose = () => {
    if (transport.sessionId) transports.delete(transport.sessionId);
  };
  if (transport.sessionId) transports.set(transport.sessionId, transport);
  void server;
}
`;
    const dir = committedRepo({ 'src/http.ts': source });
    const first = await run(['apply', '--allow-dirty'], dir);
    expect(first.code).toBe(1);
    const once = read(dir, 'src/http.ts');
    expect(once).toContain('// @mcp-migrate-todo(session-transport/transport-registry): ');
    const second = await run(['apply', '--allow-dirty'], dir);
    expect(second.code).toBe(1);
    expect(read(dir, 'src/http.ts')).toBe(once);
  });

  it('exits 1 while the SDK move is held on v1 until the user acts, with no green tick, and says what to do (review 40b S40-8)', async () => {
    const server = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer({ name: 'broken-manifest', version: '1.0.0' });
server.registerTool('ping_me', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
`;
    const manifest = '{\n  "name": "broken",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.17.0",\n  }\n}\n';
    const dir = committedRepo({ 'src/server.ts': server, 'package.json': manifest });
    const note = 'sdk-v2: the files of . are left on SDK v1: package.json is not valid JSON (line 5, column 3: unexpected "}"), and the move must change its dependencies. Fix package.json, then run apply again.';
    const first = await run(['apply', '--no-typecheck', '--dry-run'], dir);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain(`• ${note}`);
    expect(first.stderr).toContain('! 0 markers left for a person');
    expect(first.stderr).not.toContain('✔ 0 markers');
    expect(first.stderr).toContain('! the SDK v2 move is held back for code one sdk-v2 note above names: it says what to do before apply can move it');
    expect(first.stderr).toContain('2. Do what each note of code left on SDK v1 asks (the sdk-v2 note), then run apply again; to migrate on SDK 1.x on purpose, run it with `--target stateless-v1`.');
    const json = await run(['apply', '--no-typecheck', '--dry-run', '--format', 'json'], dir);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).heldOnV1).toEqual([note]);
    expect((await run(['apply', '--no-typecheck', '--dry-run', '--fail-on', 'none'], dir)).code).toBe(0);
    // MIGRATION.md says it apart from what was done (review 41 S41-8).
    const report = (await run(['apply', '--no-typecheck', '--dry-run', '-o', 'markdown:-'], dir)).stdout;
    expect(report).toContain('- SDK v2 move held back until you act: 1 (see "Left on SDK v1 until you act")');
    expect(report).toContain(`### Left on SDK v1 until you act\n\n- ${note}\n`);
    expect(report.slice(0, report.indexOf('### Left on SDK v1'))).not.toContain(`- ${note}`);
    // On SDK 1.x on purpose nothing is held: the run is done.
    const onV1 = await run(['apply', '--no-typecheck', '--dry-run', '--target', 'stateless-v1', '--format', 'json'], dir);
    expect(onV1.code).toBe(0);
    expect(JSON.parse(onV1.stdout).heldOnV1).toBeUndefined();
  });

  it('is a usage error when nothing is MCP code, a path is missing, or a transform is unknown', async () => {
    const plain = tempTree({ 'index.ts': 'export const x = 1;\n' });
    const none = await run(['apply'], plain);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no MCP server code found in 1 file: nothing to migrate');
    const missing = await run(['apply', 'no/such/dir'], plain);
    expect(missing.code).toBe(2);
    const unknown = await run(['apply', '--transforms', 'nope'], plain);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown transform 'nope'");
  });

  it('--format json adds changes and manual to the report', async () => {
    const dir = committedRepo({ 'src/server.ts': CART });
    const result = await run(['apply', '--dry-run', '--format', 'json'], dir);
    const json = JSON.parse(result.stdout);
    expect(json.command).toBe('apply');
    expect(json.changes).toEqual([
      { file: 'src/mcp-handles.ts', transforms: ['session-state-to-handles'], edits: 1, created: true },
      { file: 'src/server.ts', transforms: ['sdk-v2', 'session-state-to-handles'], edits: expect.any(Number), created: false },
    ]);
    expect(json.manual).toEqual([]);
  });

  it('lists its transforms', async () => {
    const result = await run(['transforms'], tempTree());
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('session-state-to-handles');
    // What each transform declares it rewrites and marks: the source of every fix status.
    for (const t of TRANSFORMS) {
      const block = result.stdout.slice(result.stdout.indexOf(`${t.name}\n`)).split('\n\n')[0]!;
      expect(block).toContain(`  rewrites: ${t.rewrites.length ? t.rewrites.join(', ') : 'none'}\n  marks: ${t.marks.length ? t.marks.join(', ') : 'none'}`);
    }
  });
});
