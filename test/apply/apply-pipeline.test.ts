/**
 * `apply` and `scan` are one pipeline (issue 12, item 5): on the same code they read the same
 * configuration, suppressions, baseline and test-file groups, so they agree on what blocks; and
 * after `apply` each remaining site is reported once (a marker replaces the finding it marks).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { committedRepo } from '../support/committed-repo.js';
import { fixAvailable } from '../../src/fix-status.js';
import { runApply } from '../../src/apply/apply.js';
import { TRANSFORMS } from '../../src/transforms/catalog.js';

/** A transport registry: apply cannot rewrite it alone (no serving code here), so it leaves a marker. */
const REGISTRY = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
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
const RULE = 'session-transport/transport-registry';

const suppressed = REGISTRY.replace('const transports', `// mcp-migrate-disable-next-line ${RULE} -- reviewed: one process serves this\nconst transports`);

/** Express routes as a person might leave them after apply: one marker above the POST route. */
const MARKED_ROUTES = `import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

const transports: Record<string, StreamableHTTPServerTransport> = {};
const app = express();

// @mcp-migrate-todo(session-transport/session-header): route without the session header
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!sessionId && isInitializeRequest(req.body)) {
    res.status(400).end();
    return;
  }
  await transports[sessionId!]!.handleRequest(req, res, req.body);
});

app.delete('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string;
  await transports[sessionId]!.handleRequest(req, res);
});
`;

/** getClientVersion() at module level: no transform rewrites handshake/client-version (fix-status). */
const CLIENT_VERSION = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const server = new McpServer({ name: 'x', version: '1' });
export const clientName = (): string | undefined => server.server.getClientVersion()?.name;
`;

interface Finding {
  ruleId: string;
  file: string;
  line: number;
  fingerprint: string;
}

async function scanJson(dir: string, ...args: string[]): Promise<{ code: number; findings: Finding[] }> {
  const run = await runCli(['scan', '.', '-f', 'json', ...args], { cwd: dir });
  return { code: run.code, findings: JSON.parse(run.stdout).findings };
}

describe('apply and scan agree on what blocks', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['a rule turned off in mcp-migrate.config.json', { 'src/http.ts': REGISTRY, 'mcp-migrate.config.json': JSON.stringify({ rules: { [RULE]: 'off' } }) }],
    ['"failOn" of the config file', { 'src/http.ts': REGISTRY, 'mcp-migrate.config.json': JSON.stringify({ failOn: 'none' }) }],
    ['a mcp-migrate-disable-next-line suppression', { 'src/http.ts': suppressed }],
    ['a finding in a test file (its own group, outside the gate)', { 'test/http.ts': REGISTRY }],
    ['test-file globs of the config file', { 'src/http.ts': REGISTRY, 'mcp-migrate.config.json': JSON.stringify({ testFiles: ['src/**'] }) }],
  ];
  for (const [name, files] of cases) {
    it(`${name}: scan, apply --check and apply exit alike`, async () => {
      const dir = committedRepo(files);
      const scanned = await runCli(['scan', '.'], { cwd: dir });
      expect(scanned.code).toBe(0);
      // --check still exits 1 while the tree would change (the sdk-v2 rewrite), whatever the gate.
      const checked = await runCli(['apply', '--check'], { cwd: dir });
      expect(checked.stderr).toBe('');
      const applied = await runCli(['apply'], { cwd: dir });
      expect(applied.stderr).toBe('');
      expect(applied.code).toBe(scanned.code);
      const rescanned = await runCli(['scan', '.'], { cwd: dir });
      expect(rescanned.code).toBe(applied.code);
    });
  }

  it('without any of them both block', async () => {
    const dir = committedRepo({ 'src/http.ts': REGISTRY });
    expect((await runCli(['scan', '.'], { cwd: dir })).code).toBe(1);
    expect((await runCli(['apply'], { cwd: dir })).code).toBe(1);
    expect((await runCli(['scan', '.'], { cwd: dir })).code).toBe(1);
  });

  it('--include-tests puts a test file back in the gate of both', async () => {
    const dir = committedRepo({ 'test/http.ts': REGISTRY });
    expect((await runCli(['scan', '.', '--include-tests'], { cwd: dir })).code).toBe(1);
    expect((await runCli(['apply', '--include-tests'], { cwd: dir })).code).toBe(1);
  });

  it('the include/exclude globs of the config file choose the files apply migrates', async () => {
    const dir = committedRepo({ 'src/http.ts': REGISTRY, 'legacy/http.ts': REGISTRY, 'mcp-migrate.config.json': JSON.stringify({ exclude: ['legacy/**'] }) });
    await runCli(['apply'], { cwd: dir });
    expect(fs.readFileSync(path.join(dir, 'legacy/http.ts'), 'utf8')).toBe(REGISTRY);
    expect(fs.readFileSync(path.join(dir, 'src/http.ts'), 'utf8')).not.toBe(REGISTRY);
  });

  it('a baseline written by scan excuses the marked site in apply as in scan (the marker keeps the identity of the finding it marks)', async () => {
    const dir = committedRepo({ 'src/http.ts': REGISTRY.replace(/StreamableHTTPServerTransport>/, 'unknown>') });
    expect((await runCli(['scan', '.', '--write-baseline', 'baseline.json'], { cwd: dir })).code).toBe(0);
    // stateless-v1 keeps SDK 1.x, so the flagged line itself is not rewritten: only the marker is added.
    const applied = await runCli(['apply', '--target', 'stateless-v1', '--allow-dirty', '--baseline', 'baseline.json'], { cwd: dir });
    expect(applied.stderr).toBe('');
    expect(fs.readFileSync(path.join(dir, 'src/http.ts'), 'utf8')).toContain(`@mcp-migrate-todo(${RULE})`);
    expect(applied.code).toBe(0);
    expect((await runCli(['scan', '.', '--baseline', 'baseline.json'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['scan', '.'], { cwd: dir })).code).toBe(1);
  });
});

describe('after apply, each remaining site is reported once', () => {
  it('the marker replaces the finding it marks, in scan and in apply', async () => {
    const dir = committedRepo({ 'src/http.ts': REGISTRY });
    const before = await scanJson(dir);
    expect(before.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual([`src/http.ts:4 ${RULE}`]);
    const applied = await runCli(['apply', '-f', 'json'], { cwd: dir });
    const report = JSON.parse(applied.stdout);
    const after = await scanJson(dir);
    // One site, one finding: the marker on line 4, above the registry it marks (now line 5).
    expect(after.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual([`src/http.ts:4 ${RULE}`]);
    expect(report.findings.map((f: Finding) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual([`src/http.ts:4 ${RULE}`]);
    expect(report.manual).toHaveLength(1);
  });

  it('a marker hides only findings of its rule inside the statement below it', async () => {
    const dir = committedRepo({ 'src/http.ts': MARKED_ROUTES });
    const after = await scanJson(dir);
    expect(after.findings.map((f) => `${f.line} ${f.ruleId}`)).toEqual([
      '5 session-transport/transport-registry',
      '8 session-transport/session-header', // the marker; the header read it marks (line 10) is not reported beside it
      '11 session-transport/initialize-routing', // another rule in the marked statement
      '18 session-transport/session-route',
      '19 session-transport/session-header', // its rule, in another statement
    ]);
  });
});

describe("apply's next steps agree with what the transforms rewrite", () => {
  /** The numbered steps of the terminal summary (wherever it is printed). */
  const stepsOf = (output: string): string[] => output.slice(output.indexOf('Next steps:')).split('\n').filter((l) => /^\s+\d+\. /.test(l));
  const rulesIn = (step: string): string[] => [...step.matchAll(/`([a-z-]+\/[a-z-]+)`/g)].map((m) => m[1]!);

  it('a rule left because its transform was not selected: run it, not "by hand"', async () => {
    const dir = committedRepo({ 'src/http.ts': MARKED_ROUTES.replace(/\/\/ @mcp-migrate-todo.*\n/, '') });
    const run = await runCli(['apply', '--dry-run', '--transforms', 'session-state-to-handles'], { cwd: dir });
    const steps = stepsOf(run.stdout + run.stderr);
    const rerun = steps.find((s) => s.includes('Run apply again with `stateless-serving`'));
    expect(rerun).toBeDefined();
    // The handles transform marks the registry as serving plumbing; that marker stands for the endpoint's session
    // findings (the header reads among them), and the transform that rewrites them is named for it.
    expect(rulesIn(rerun!)).toContain('session-transport/transport-registry');
    expect(steps.some((s) => s.includes('no transform rewrites yet') && s.includes('session-header'))).toBe(false);
  });

  it('a marker an earlier run left is not sent back to the transform that may have left it', async () => {
    // stateless-serving's refusal from an earlier run (a gateway it does not rewrite): running it again leaves the same marker.
    const gateway = `// @mcp-migrate-todo(session-transport/session-id-generator): this endpoint is a gateway: each session spawns its own upstream; make it a stateless relay.\n${CLIENT_VERSION}`;
    const dir = committedRepo({ 'src/gateway.ts': gateway });
    const run = await runCli(['apply', '--dry-run', '--transforms', 'session-state-to-handles'], { cwd: dir });
    const steps = stepsOf(run.stdout + run.stderr);
    expect(steps.some((s) => s.includes('Resolve every `@mcp-migrate-todo` marker'))).toBe(true);
    expect(steps.filter((s) => s.includes('Run apply again')).flatMap(rulesIn)).not.toContain('session-transport/session-id-generator');
  });

  it('"by hand, no transform rewrites yet" names only rules no transform rewrites, the others only rules one does', async () => {
    const dir = committedRepo({ 'src/http.ts': MARKED_ROUTES, 'src/version.ts': CLIENT_VERSION });
    const run = await runCli(['apply', '--dry-run'], { cwd: dir });
    const steps = stepsOf(run.stdout + run.stderr);
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.join('\n')).not.toMatch(/serving, handshake, deprecated features/);
    for (const step of steps) {
      const rules = rulesIn(step);
      if (step.includes('no transform rewrites yet')) for (const r of rules) expect(fixAvailable(r), `${r} in "${step}"`).toBe(false);
      else for (const r of rules) expect(fixAvailable(r), `${r} in "${step}"`).toBe(true);
    }
  });
});

describe('apply output streams', () => {
  it('--dry-run: the diff alone on standard output, the summary on standard error', async () => {
    const dir = committedRepo({ 'src/http.ts': REGISTRY });
    const run = await runCli(['apply', '--dry-run', '--no-color'], { cwd: dir });
    expect(run.stdout.startsWith('--- a/src/http.ts')).toBe(true);
    expect(run.stdout).not.toContain('would change');
    expect(run.stdout).not.toContain('Next steps');
    expect(run.stderr).toContain('1 file would change');
    expect(run.stderr).toContain('Next steps:');
  });

  it('reports its progress through each phase and transform (shown on standard error for long runs in a terminal)', async () => {
    const dir = committedRepo({ 'src/http.ts': REGISTRY });
    const phases: string[] = [];
    await runApply({ paths: [dir], cwd: dir, dryRun: true, onProgress: (phase, done, total) => phases.push(`${phase} ${done}/${total}`) });
    const transforms = TRANSFORMS.map((t, i) => `${t.name} ${i + 1}/${TRANSFORMS.length}`);
    expect(phases.filter((p) => transforms.includes(p))).toEqual(transforms);
    expect(phases.at(-1)).toMatch(/^checking the migrated code /);
  });
});
