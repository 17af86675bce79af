/**
 * A legacy HTTP+SSE endpoint kept for 2025-era clients is one site after `apply` (issue 12, items 3 and 5): the
 * one marker stateless-serving leaves on it stands, in `scan`, for every session finding inside the endpoint
 * (its registry, routes, the session ids it logs), and lists them in `replaces`; session findings outside the
 * endpoint are still reported.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { committedRepo } from '../support/committed-repo.js';

const KEPT = fs.readFileSync(path.resolve(import.meta.dirname, '../../transforms/__testfixtures__/stateless-serving/sse-kept.input.ts'), 'utf8');
const PACKAGE = JSON.stringify({ name: 'legacy', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.17.0', express: '^5.0.0' } });
const SSE_RULE = 'session-transport/sse-transport';
/** Three scans and an apply each, on a machine other test runs share. */
const TIMEOUT = 240_000;

/** Outside the endpoint: a helper that logs the session id of a transport it is handed. */
const OUTSIDE = `
export function logStream(transport: SSEServerTransport): void {
  console.error('stream', transport.sessionId);
}
`;

interface Finding {
  ruleId: string;
  file: string;
  line: number;
  message: string;
  replaces?: Array<{ ruleId: string; line: number }>;
}

async function findings(dir: string): Promise<Finding[]> {
  const run = await runCli(['scan', '.', '-f', 'json', '--fail-on', 'none'], { cwd: dir });
  return (JSON.parse(run.stdout).findings as Finding[]).filter((f) => f.file === 'src/server.ts');
}

describe('a kept HTTP+SSE endpoint after apply', () => {
  it('is reported once: the decision marker, standing for the session findings inside the endpoint', async () => {
    const dir = committedRepo({ 'src/server.ts': KEPT, 'package.json': PACKAGE });
    const before = await findings(dir);
    expect(before.map((f) => f.ruleId)).toEqual(expect.arrayContaining([SSE_RULE, 'session-transport/transport-registry', 'session-state/session-telemetry']));
    expect(before.length).toBeGreaterThanOrEqual(5);

    const applied = await runCli(['apply', '--no-typecheck'], { cwd: dir });
    expect(applied.stderr).toBe('');
    const migrated = fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    expect(migrated).toContain("from '@modelcontextprotocol/server-legacy/sse'");
    expect(migrated.match(/@mcp-migrate-todo\(/g)).toHaveLength(1);

    const after = await findings(dir);
    expect(after).toHaveLength(1);
    expect(after[0]!.ruleId).toBe(SSE_RULE);
    expect(after[0]!.message).toContain('kept for 2025-era clients');
    expect(after[0]!.replaces?.map((r) => r.ruleId).sort()).toEqual(before.map((f) => f.ruleId).sort());
  }, TIMEOUT);

  it('still reports a session finding outside the endpoint', async () => {
    const dir = committedRepo({ 'src/server.ts': KEPT + OUTSIDE, 'package.json': PACKAGE });
    await runCli(['apply', '--no-typecheck'], { cwd: dir });
    const after = await findings(dir);
    const migrated = fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8').split('\n');
    const outside = after.filter((f) => f.ruleId === 'session-state/session-telemetry');
    expect(outside).toHaveLength(1);
    expect(migrated[outside[0]!.line - 1]).toContain("console.error('stream', transport.sessionId)");
  }, TIMEOUT);

  it('with --modern-only is gone, and nothing of it is reported', async () => {
    const dir = committedRepo({ 'src/server.ts': KEPT.replace('function buildServer', 'export function buildServer'), 'package.json': PACKAGE });
    const applied = await runCli(['apply', '--no-typecheck', '--modern-only'], { cwd: dir });
    expect(applied.stderr).toBe('');
    expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).not.toContain('SSEServerTransport');
    expect(await findings(dir)).toEqual([]);
  }, TIMEOUT);
});
