/**
 * Colour in a real terminal, by chalk's own detection: `script` gives the executable a pseudo-terminal,
 * so the decision is the one users get (TERM=dumb and FORCE_COLOR=0 mean none, NO_COLOR too,
 * FORCE_COLOR=1 forces it even into a pipe, --color/--no-color win).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(REPO, 'bin/mcp-migrate.js');
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
const ANSI = /\x1b\[/;

/** `mcp-migrate rules <args>` on a pseudo-terminal (or a pipe), with only these colour variables set. */
function rulesOutput(env: Record<string, string>, { terminal = true, args = [] as string[] } = {}): string {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['TERM', 'NO_COLOR', 'FORCE_COLOR', 'COLORTERM', 'CI'].includes(key) && !key.startsWith('GITHUB_')));
  const command = [process.execPath, BIN, 'rules', ...args].map((word) => `'${word}'`).join(' ');
  const result = terminal
    ? spawnSync('script', ['-qec', command, '/dev/null'], { cwd: REPO, encoding: 'utf8', env: { ...base, ...env } })
    : spawnSync(process.execPath, [BIN, 'rules', ...args], { cwd: REPO, encoding: 'utf8', env: { ...base, ...env } });
  expect(result.status).toBe(0);
  return result.stdout;
}

describe.skipIf(!hasScript)('colour on a terminal', () => {
  it('follows the terminal type: colour on xterm, none on TERM=dumb', () => {
    expect(rulesOutput({ TERM: 'xterm-256color' })).toMatch(ANSI);
    expect(rulesOutput({ TERM: 'dumb' })).not.toMatch(ANSI);
  });

  it('NO_COLOR and FORCE_COLOR=0 turn it off, FORCE_COLOR=1 on (a pipe too); the flags win', () => {
    expect(rulesOutput({ TERM: 'xterm-256color', NO_COLOR: '1' })).not.toMatch(ANSI);
    expect(rulesOutput({ TERM: 'xterm-256color', FORCE_COLOR: '0' })).not.toMatch(ANSI);
    expect(rulesOutput({ TERM: 'dumb', FORCE_COLOR: '1' })).toMatch(ANSI);
    expect(rulesOutput({ FORCE_COLOR: '1' }, { terminal: false })).toMatch(ANSI);
    expect(rulesOutput({}, { terminal: false })).not.toMatch(ANSI);
    expect(rulesOutput({ TERM: 'dumb' }, { args: ['--color'] })).toMatch(ANSI);
    expect(rulesOutput({ TERM: 'xterm-256color' }, { args: ['--no-color'] })).not.toMatch(ANSI);
  });
});
