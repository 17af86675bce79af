/**
 * The programmatic API against the commands: `scan()` and `apply()` resolve to exactly what
 * `scan -f json` and `apply --format json` print, with the same configuration found, and throw
 * what the CLI turns into exit 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, scan } from '../src/index.js';
import { runCli } from './support/run-cli.js';
import { tempTree } from './support/temp-tree.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
export function build(): McpServer {
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  server.tool('add', {}, async (_args, extra) => {
    carts.set(extra.sessionId ?? '', []);
    return { content: [] };
  });
  return server;
}
`;

describe('scan()', () => {
  it('is the JSON report of `scan -f json`, under the configuration found above the scanned directory', async () => {
    const repo = tempTree({
      '.git/HEAD': 'x',
      'mcp-migrate.config.json': JSON.stringify({ rules: { 'session-state/keyed-store': 'warning' } }),
      'packages/shop/src/server.ts': SERVER,
    });
    const cwd = path.join(repo, 'packages/shop');
    const cli = await runCli(['scan', '-f', 'json', '--fail-on', 'none'], { cwd });
    const report = await scan({ cwd });
    expect(report).toEqual(JSON.parse(cli.stdout));
    expect(report.findings.find((f) => f.ruleId === 'session-state/keyed-store')?.severity).toBe('warning');
    // Options are the command line's: an include that matches nothing is the same usage error.
    await expect(scan({ cwd, include: ['nothing/**'] })).rejects.toThrow(/nothing to scan: .*"nothing\/\*\*" matched no source file/);
  });

  it('throws what the CLI reports as exit 2', async () => {
    const dir = tempTree({ 'mcp-migrate.config.json': '{ "failOn": }', 'src/server.ts': SERVER });
    await expect(scan({ cwd: dir })).rejects.toThrow('mcp-migrate.config.json:1:13: not valid JSON (unexpected "}")');
  });
});

describe('apply()', () => {
  it('is the JSON report of `apply --format json`, and a dry run writes nothing', async () => {
    const dir = tempTree({ 'src/server.ts': SERVER });
    const cli = await runCli(['apply', '--dry-run', '--allow-dirty', '--format', 'json', '--target', 'stateless-v1'], { cwd: dir });
    const result = await apply({ cwd: dir, dryRun: true, allowDirty: true, target: 'stateless-v1' });
    const timing = (report: { typeCheck: Record<string, unknown> }) => ({ ...report, typeCheck: { ...report.typeCheck, ms: 0 } });
    expect(timing(result)).toEqual(timing(JSON.parse(cli.stdout)));
    expect(result.changes.map((c) => c.file)).toContain('src/server.ts');
    expect(result.dryRun).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(SERVER);
  });
});
