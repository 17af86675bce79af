/**
 * JSON files saved with a UTF-8 byte-order mark (review 40 R40-1, R40-4): read as if the mark were not there, by the
 * package reading of discovery and the SDK move, and by the config file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../src/json-text.js';
import { readManifest } from '../src/transforms/sdk-v2/manifest.js';
import { runCli } from './support/run-cli.js';
import { tempTree } from './support/temp-tree.js';

const BOM = '\uFEFF';
const SESSIONFUL = `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
`;

describe('JSON with a byte-order mark', () => {
  it('parses as the same JSON', () => {
    expect(parseJson(`${BOM}{ "a": 1 }`)).toEqual({ a: 1 });
    expect(readManifest(`${BOM}{ "dependencies": { "@modelcontextprotocol/sdk": "^1.17.0" } }`)?.sections.dependencies).toEqual({ '@modelcontextprotocol/sdk': '^1.17.0' });
  });

  it('a config file saved with one is honoured, not refused', async () => {
    const settings = JSON.stringify({ failOn: 'none' });
    const plain = tempTree({ 'server.ts': SESSIONFUL, 'package.json': '{ "name": "p" }\n', 'mcp-migrate.config.json': settings });
    const marked = tempTree({ 'server.ts': SESSIONFUL, 'package.json': `${BOM}{ "name": "p" }\n`, 'mcp-migrate.config.json': `${BOM}${settings}` });
    const [a, b] = [await runCli(['scan', '.'], { cwd: plain }), await runCli(['scan', '.'], { cwd: marked })];
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(b.stderr).toBe('');
    expect(fs.readFileSync(path.join(marked, 'package.json'), 'utf8').startsWith(BOM)).toBe(true);
  });
});

describe('workspace declarations that cannot be read (review 40 R40-15)', () => {
  it('an invalid pnpm-workspace.yaml is a note naming the file, not silence', async () => {
    const dir = tempTree({ 'pnpm-workspace.yaml': 'packages:\n  - "packages/*\n', 'package.json': '{ "name": "root" }\n', 'packages/a/package.json': '{ "name": "a" }\n', 'packages/a/server.ts': SESSIONFUL });
    const run = await runCli(['scan', '.', '--format', 'json', '--fail-on', 'none'], { cwd: dir });
    const report = JSON.parse(run.stdout) as { diagnostics: Array<{ file: string; kind: string; message: string }> };
    expect(report.diagnostics).toContainEqual(expect.objectContaining({ file: 'pnpm-workspace.yaml', kind: 'note', message: expect.stringContaining('no workspace package is found by its name') }));
  });
});
