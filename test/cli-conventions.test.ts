/**
 * Output conventions users of git, ESLint and the official codemod expect: `apply --dry-run`
 * prints only a patch `git apply` takes, from the directory it is run in; a mistyped command or
 * option gets one line with the suggestion; `apply --output` writes its formats beside the run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedRepo, git } from './support/committed-repo.js';
import { runCli as run } from './support/run-cli.js';

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

/** Every line of a unified diff starts with one of these (or is empty at the end). */
const DIFF_LINE = /^(--- |\+\+\+ |@@ |[ +\-\\]|$)/;

describe('apply --dry-run | git apply', () => {
  it.each([
    ['from the repository root, migrating a package', '.', ['packages/shop']],
    ['from inside the package', 'packages/shop', []],
  ])('%s: standard output is a patch git apply accepts, and applying it gives what apply writes', async (_name, runIn, paths) => {
    const repo = committedRepo({ 'packages/shop/src/server.ts': CART });
    const cwd = path.join(repo, runIn);
    const dry = await run(['apply', '--dry-run', '--no-typecheck', ...paths], { cwd });
    expect(dry.code).toBe(0);
    expect(dry.stdout.split('\n').filter((l) => !DIFF_LINE.test(l))).toEqual([]);
    expect(dry.stderr).toContain('would change');
    const patch = path.join(repo, '.git', 'dry-run.patch'); // removed with the repository
    fs.writeFileSync(patch, dry.stdout);
    git(cwd, 'apply', '--check', patch);
    git(cwd, 'apply', patch);
    const applied = fs.readFileSync(path.join(repo, 'packages/shop/src/server.ts'), 'utf8');
    expect(applied).not.toBe(CART);
    // The same migration written by apply itself, in a fresh copy.
    const fresh = committedRepo({ 'packages/shop/src/server.ts': CART });
    expect((await run(['apply', '--no-typecheck', ...paths], { cwd: path.join(fresh, runIn) })).code).toBe(0);
    expect(applied).toBe(fs.readFileSync(path.join(fresh, 'packages/shop/src/server.ts'), 'utf8'));
    expect(fs.readFileSync(path.join(repo, 'packages/shop/src/mcp-handles.ts'), 'utf8')).toBe(fs.readFileSync(path.join(fresh, 'packages/shop/src/mcp-handles.ts'), 'utf8'));
  });
});

describe('apply --output', () => {
  it('writes the JSON record and the Markdown section of the run beside the terminal summary', async () => {
    const repo = committedRepo({ 'src/server.ts': CART });
    const result = await run(['apply', '--check', '--no-typecheck', '--output', 'json:apply.json', '--output', 'markdown:apply.md'], { cwd: repo });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('would change');
    const json = JSON.parse(fs.readFileSync(path.join(repo, 'apply.json'), 'utf8'));
    expect(json.command).toBe('apply');
    expect(json.changes.map((c: { file: string }) => c.file)).toContain('src/server.ts');
    expect(fs.readFileSync(path.join(repo, 'apply.md'), 'utf8')).toMatch(/^# MCP migration report/);
  });

  it('refuses a format apply does not write (exit 2)', async () => {
    const repo = committedRepo({ 'src/server.ts': CART });
    const result = await run(['apply', '--check', '--output', 'sarif:x.sarif'], { cwd: repo });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-migrate: --output sarif:x.sarif: this command writes text, json, markdown, not sarif\n');
  });
});

describe('a mistyped command or option', () => {
  it.each([
    [['scna'], "error: unknown command 'scna' (Did you mean scan?)\n"],
    [['scan', '--formt', 'json'], "error: unknown option '--formt' (Did you mean --format?)\n"],
    [['apply', '--dryrun'], "error: unknown option '--dryrun' (Did you mean --dry-run?)\n"],
  ])('%j gets one line with the suggestion and exit 2, not the help', async (argv, line) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(line);
    expect(result.stdout).toBe('');
  });
});
