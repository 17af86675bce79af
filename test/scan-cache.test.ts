/**
 * `scan --cache` (`ScanOptions.cacheDirectory`): a kept judgement is used only when everything it was
 * computed from is the same, and a scan with the cache reports exactly what one without it reports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempTree } from './support/temp-tree.js';
import { scan } from '../src/scan.js';
import { ScanCache } from '../src/pipeline/scan-cache.js';

const SERVER = [
  "import { McpServer } from '@mcp/sdk';",
  "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
  "const server = new McpServer({ name: 'x', version: '1' });",
  'server.server.oninitialized = () => {',
  '  console.error(server.server.getClientCapabilities());',
  '};',
  'await server.connect(new StdioServerTransport());',
].join('\n');

const tree = (): string =>
  tempTree(
    {
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@mcp/*': ['src/lib/*'] } } }),
      'src/lib/sdk.ts': "export * from '@modelcontextprotocol/sdk/server/mcp.js';\n",
      'src/server.ts': SERVER,
    },
    'mcp-migrate-scan-cache-',
  );

const cacheDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-cache-dir-'));

/** The report without its timing. */
const stable = (report: Awaited<ReturnType<typeof scan>>): unknown => ({ ...report, durationMs: undefined });
const ids = (report: Awaited<ReturnType<typeof scan>>): string[] => report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`);

/** Makes the kept judgement say something no analysis would, so a scan that reads it can be told from one that analyses. */
function tamper(dir: string): void {
  const [name] = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  const file = path.join(dir, name!);
  const entry = JSON.parse(fs.readFileSync(file, 'utf8'));
  entry.judgement.filesAnalyzed = 9999;
  fs.writeFileSync(file, JSON.stringify(entry));
}

describe('scan cache', () => {
  it('reports the same with and without the cache, cold and warm, and reuses the kept judgement when nothing changed', async () => {
    const dir = tree();
    const cache = cacheDir();
    const plain = await scan({ paths: [dir] });
    expect(ids(plain)).toEqual(['src/server.ts:4 handshake/oninitialized', 'src/server.ts:5 handshake/client-capabilities']);
    const cold = await scan({ paths: [dir], cacheDirectory: cache });
    const warm = await scan({ paths: [dir], cacheDirectory: cache });
    expect(stable(cold)).toEqual(stable(plain));
    expect(stable(warm)).toEqual(stable(plain));
    tamper(cache);
    expect((await scan({ paths: [dir], cacheDirectory: cache })).summary.filesAnalyzed).toBe(9999);
  });

  it('analyses again when an analysed file changes', async () => {
    const dir = tree();
    const cache = cacheDir();
    await scan({ paths: [dir], cacheDirectory: cache });
    tamper(cache);
    fs.writeFileSync(path.join(dir, 'src/server.ts'), SERVER.replace('  console.error(server.server.getClientCapabilities());\n', ''));
    const after = await scan({ paths: [dir], cacheDirectory: cache });
    expect(after.summary.filesAnalyzed).toBe(2);
    expect(ids(after)).toEqual(['src/server.ts:4 handshake/oninitialized']);
  });

  it('analyses again when an import resolves elsewhere though no analysed file changed (tsconfig `paths`)', async () => {
    const dir = tree();
    const cache = cacheDir();
    await scan({ paths: [dir], cacheDirectory: cache });
    tamper(cache);
    // `@mcp/sdk` no longer reaches the barrel: same files, same texts, another answer from the resolver.
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@mcp/*': ['src/elsewhere/*'] } } }));
    // A new run (tsconfig files are parsed once per process): fresh modules, as a new `mcp-migrate` process has.
    vi.resetModules();
    const fresh = (await import('../src/scan.js')).scan;
    const after = await fresh({ paths: [dir], cacheDirectory: cache });
    const plain = await fresh({ paths: [dir] });
    expect(after.summary.filesAnalyzed).toBe(2);
    expect(stable(after)).toEqual(stable(plain));
    expect(ids(plain)).toEqual([]);
  });

  it('keeps settings apart: a rule turned off is another entry, not the old judgement', async () => {
    const dir = tree();
    const cache = cacheDir();
    await scan({ paths: [dir], cacheDirectory: cache });
    tamper(cache);
    const off = await scan({ paths: [dir], cacheDirectory: cache, ruleSettings: { 'handshake/client-capabilities': 'off' } });
    expect(off.summary.filesAnalyzed).toBe(2);
    expect(ids(off)).toEqual(['src/server.ts:4 handshake/oninitialized']);
    expect(fs.readdirSync(cache).filter((f) => f.endsWith('.json'))).toHaveLength(2);
  });

  it('treats an unreadable or foreign cache file as a miss', async () => {
    const dir = tree();
    const cache = cacheDir();
    const first = await scan({ paths: [dir], cacheDirectory: cache });
    const [name] = fs.readdirSync(cache);
    fs.writeFileSync(path.join(cache, name!), '{ not json');
    expect(stable(await scan({ paths: [dir], cacheDirectory: cache }))).toEqual(stable(first));
    fs.writeFileSync(path.join(cache, name!), JSON.stringify({ format: 1, key: 'other' }));
    expect(stable(await scan({ paths: [dir], cacheDirectory: cache }))).toEqual(stable(first));
  });

  it('asks the resolver again every question it recorded', () => {
    const cache = new ScanCache(cacheDir(), { files: new Map([['/p/a.ts', 'x']]), settings: {} });
    const noMajor = (): undefined => undefined;
    const recording = cache.recording((_from, spec) => (spec === './b' ? '/p/b.ts' : undefined), noMajor);
    recording.resolve('/p/a.ts', './b');
    recording.resolve('/p/a.ts', './c');
    cache.save({ gate: { gated: [], suppressed: [], testFindings: [], baselined: 0, diagnostics: [] }, engineDiagnostics: [], filesAnalyzed: 1 }, recording.resolutions, recording.majors);
    expect(cache.lookup((_from, spec) => (spec === './b' ? '/p/b.ts' : undefined), noMajor)?.filesAnalyzed).toBe(1);
    expect(cache.lookup((_from, spec) => (spec === './b' ? '/p/b.ts' : '/p/c.ts'), noMajor)).toBeUndefined();
    expect(cache.lookup(() => undefined, noMajor)).toBeUndefined();
  });

  it("asks again every question about a dependency's major it recorded (mcp-handler 1 upgraded to 2 is another judgement)", () => {
    const cache = new ScanCache(cacheDir(), { files: new Map([['/p/a.ts', 'x']]), settings: {} });
    const resolve = (): undefined => undefined;
    const recording = cache.recording(resolve, (_from, pkg) => (pkg === 'mcp-handler' ? 1 : undefined));
    expect(recording.dependencyMajor('/p/a.ts', 'mcp-handler')).toBe(1);
    recording.dependencyMajor('/p/a.ts', '@vercel/mcp-adapter');
    cache.save({ gate: { gated: [], suppressed: [], testFindings: [], baselined: 0, diagnostics: [] }, engineDiagnostics: [], filesAnalyzed: 1 }, recording.resolutions, recording.majors);
    expect(cache.lookup(resolve, (_from, pkg) => (pkg === 'mcp-handler' ? 1 : undefined))?.filesAnalyzed).toBe(1);
    expect(cache.lookup(resolve, (_from, pkg) => (pkg === 'mcp-handler' ? 2 : undefined))).toBeUndefined();
    expect(cache.lookup(resolve, () => 1)).toBeUndefined();
  });
});
