/**
 * Options that contradict each other, and what a file path stands for (review 40 R40-3, R40-10).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempTree } from '../support/temp-tree.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { logLine } from './log.js';
export const server = new McpServer({ name: 'log', version: '1.0.0' });
server.tool('hello', async (extra) => {
  logLine(extra.sessionId);
  return { content: [{ type: 'text', text: 'hello' }] };
});
`;
const LOG = `export function logLine(sessionId?: string) {
  console.error('hello from', sessionId);
}
`;

function project(): string {
  const dir = tempTree({ 'src/server.ts': SERVER, 'src/log.ts': LOG, 'package.json': '{ "name": "log", "dependencies": { "@modelcontextprotocol/sdk": "^1.17.0" } }\n' });
  for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-qm', 'seed']]) execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: dir });
  return dir;
}

describe('apply options', () => {
  it('--modern-only with --target stateless-v1 is a usage error: SDK 1.x serves 2025-era clients only', async () => {
    const run = await runCli(['apply', '.', '--dry-run', '--modern-only', '--target', 'stateless-v1'], { cwd: project() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('give one or the other');
  });

  it('a file named on the command line stands for its folder, and the summary says what else changed', async () => {
    const run = await runCli(['apply', 'src/server.ts', '--no-typecheck', '--fail-on', 'none'], { cwd: project() });
    expect(run.stdout).toMatch(/note: a file named on the command line stands for its folder .*other files? changed too \(.*package\.json/);
  });
});
