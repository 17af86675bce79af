/**
 * The published package, as a user gets it: packed by `npm pack` (its prepack/postpack hooks
 * included) from a copy of the repository, unpacked as node_modules/mcp-migrate of a consumer, then
 * used by name. Only what runs ships (no fixtures, no source maps, only the API's declarations), the
 * manifest has no install-time script, and `import { scan, apply } from 'mcp-migrate'` works, typed,
 * returning what `scan -f json` prints.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
/** Inside the repository (ignored by git), so the packed package's dependencies resolve from its node_modules. */
const WORK = fs.mkdtempSync(path.join(REPO, '.tmp-pack-'));
const CONSUMER = path.join(WORK, 'consumer');
const INSTALLED = path.join(CONSUMER, 'node_modules', 'mcp-migrate');
const FIXTURE = path.join(REPO, 'fixtures', 'low-level-server');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface PackResult {
  files: Array<{ path: string }>;
  size: number;
  unpackedSize: number;
}
let packed: PackResult;
let manifestBefore: string;
let manifestAfter: string;

beforeAll(() => {
  // What the repository has to pack from: sources and build set-up (the copy builds its own dist/ via
  // `prepare`, leaving the repository's alone), and what `files` ships.
  const source = path.join(WORK, 'repo');
  for (const entry of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'README.md', 'src', 'bin', 'docs', 'schema', 'transforms', 'scripts']) {
    fs.cpSync(path.join(REPO, entry), path.join(source, entry), { recursive: true });
  }
  manifestBefore = fs.readFileSync(path.join(source, 'package.json'), 'utf8');
  const out = execFileSync(NPM, ['pack', '--json', '--pack-destination', WORK], { cwd: source, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  packed = (JSON.parse(out.slice(out.indexOf('['))) as PackResult[])[0]!;
  manifestAfter = fs.readFileSync(path.join(source, 'package.json'), 'utf8');
  fs.mkdirSync(INSTALLED, { recursive: true });
  const tarball = fs.readdirSync(WORK).find((name) => name.endsWith('.tgz'))!;
  execFileSync('tar', ['xzf', path.join(WORK, tarball), '-C', INSTALLED, '--strip-components=1']);
}, 240_000);

afterAll(() => {
  fs.rmSync(WORK, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('ships what runs and nothing else', () => {
    const files = packed.files.map((f) => f.path);
    expect(files.filter((f) => f.includes('__testfixtures__') || f.endsWith('.map') || f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
    expect(files.filter((f) => !/^(dist\/.+\.js|dist\/.+\.d\.ts|docs\/.+\.md|schema\/.+\.json|transforms\/[^/]+\.(mjs|md)|bin\/[^/]+\.js|package\.json|README\.md)$/.test(f))).toEqual([]);
    // Every transform entry and the modules they load ship (`npx jscodeshift -t node_modules/mcp-migrate/transforms/x.mjs`).
    for (const entry of fs.readdirSync(path.join(REPO, 'transforms')).filter((n) => n.endsWith('.mjs'))) expect(files).toContain(`transforms/${entry}`);
    expect(files).toEqual(expect.arrayContaining(['dist/cli.js', 'dist/index.js', 'schema/mcp-migrate.config.schema.json', 'docs/rules/session-state/keyed-store.md']));
  });

  it('ships exactly the declarations the API\'s types reach', () => {
    const shipped = packed.files.map((f) => f.path).filter((f) => f.endsWith('.d.ts')).sort();
    const reached = new Set<string>();
    const visit = (file: string): void => {
      if (reached.has(file)) return;
      reached.add(file);
      const text = fs.readFileSync(path.join(INSTALLED, file), 'utf8');
      for (const [, spec] of text.matchAll(/from '(\.[^']+)\.js'/g)) visit(path.posix.join(path.posix.dirname(file), `${spec}.d.ts`));
    };
    visit('dist/index.d.ts');
    expect(shipped).toEqual([...reached].sort());
  });

  it('has no install-time script, and packing left the repository\'s package.json as it was', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(INSTALLED, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts).not.toHaveProperty(script);
    expect(JSON.parse(manifestBefore).scripts.prepare).toBe('npm run build'); // a clone still builds on `npm install`
    expect(manifestAfter).toBe(manifestBefore);
  });

  it('runs from the tarball: the executable, and `import { scan, apply } from \'mcp-migrate\'`', () => {
    const bin = path.join(INSTALLED, 'bin', 'mcp-migrate.js');
    const cli = spawnSync(process.execPath, [bin, 'scan', FIXTURE, '-f', 'json', '--fail-on', 'none'], { cwd: CONSUMER, encoding: 'utf8' });
    expect(cli.status).toBe(0);
    fs.writeFileSync(
      path.join(CONSUMER, 'use-api.mjs'),
      `import { scan, apply } from 'mcp-migrate';
const report = await scan({ paths: [${JSON.stringify(FIXTURE)}] });
process.stdout.write(JSON.stringify({ report, apply: typeof apply }));
`,
    );
    const api = spawnSync(process.execPath, ['use-api.mjs'], { cwd: CONSUMER, encoding: 'utf8' });
    expect(api.stderr).toBe('');
    const { report, apply } = JSON.parse(api.stdout) as { report: unknown; apply: string };
    expect(apply).toBe('function');
    expect(report).toEqual(JSON.parse(cli.stdout)); // the same model as the JSON report
    // Only the API is exported: internals are not part of the contract.
    const deep = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('mcp-migrate/dist/scan.js')"], { cwd: CONSUMER, encoding: 'utf8' });
    expect(deep.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('is typed: a consumer type-checks against the shipped declarations, and a wrong use does not', () => {
    fs.writeFileSync(path.join(CONSUMER, 'package.json'), '{ "type": "module" }\n');
    fs.writeFileSync(
      path.join(CONSUMER, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ['es2022', 'dom'] }, files: ['use.ts'] }),
    );
    const tsc = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
    const check = (code: string) => {
      fs.writeFileSync(path.join(CONSUMER, 'use.ts'), code);
      return spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: CONSUMER, encoding: 'utf8' });
    };
    const good = check(`import { scan, apply, type ScanReportJson, type ApplyReportJson, type Finding } from 'mcp-migrate';
const report: ScanReportJson = await scan({ paths: ['src'], exclude: ['!src/**'], config: 'ci.json' });
const first: Finding | undefined = report.findings[0];
const line: number | undefined = first?.line;
const migrated: ApplyReportJson = await apply({ dryRun: true, target: 'stateless-v1' });
export const counts = [report.summary.findings, migrated.changes.length, line];
`);
    expect(good.stdout + good.stderr).toBe('');
    expect(good.status).toBe(0);
    // The README's example, as written.
    const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
    const example = /```js\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('\n## Programmatic API')))![1]!;
    const documented = check(`${example}export {};\n`);
    expect(documented.stdout + documented.stderr).toBe('');
    const bad = check(`import { scan } from 'mcp-migrate';
export const n: string = (await scan({ paths: 'src' })).summary.findings;
`);
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/TS2322/);
  });
});
