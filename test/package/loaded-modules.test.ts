/**
 * Start-up: what each command loads in a real process. `--version` and `--help` print text known
 * before any analysis, so they must not pay for TypeScript; `apply` checks its output's syntax with
 * the TypeScript parser it has loaded already, not by loading jscodeshift (recast, babel) as well.
 */
import { describe, expect, it } from 'vitest';
import { packagesAmong, runRecordingModules } from '../support/loaded-modules.js';
import { tempTree } from '../support/temp-tree.js';

const COMPILER_PACKAGES = ['@ts-morph/common', 'ts-morph', 'typescript'];

describe('start-up', () => {
  // A command's own help (`scan --help`) loads that command's module, and with it the analysis.
  const commands = [['--version'], ['-V'], ['--help'], ['help'], ['--quiet', '--help']];
  it.each(commands.map((args) => [args.join(' '), args] as const))(
    '`mcp-migrate %s` loads no TypeScript',
    (_shown, args) => {
      const run = runRecordingModules(args);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^0\.|Usage: mcp-migrate/);
      const loaded = packagesAmong(run.modules);
      expect(COMPILER_PACKAGES.filter((name) => loaded.has(name))).toEqual([]);
    },
  );

  it('a mistyped command gets its suggestion without loading TypeScript', () => {
    const run = runRecordingModules(['scna']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Did you mean scan\?/);
    expect(packagesAmong(run.modules).has('@ts-morph/common')).toBe(false);
  });

  it('the command that runs is loaded in full (its help lists its own options)', () => {
    const run = runRecordingModules(['help', 'scan']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('--fail-on <severity>');
  });

  it('apply checks its output with the TypeScript parser and never loads jscodeshift', () => {
    const dir = tempTree({
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
export function build(): McpServer {
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  server.tool('add', {}, async (_args, extra) => {
    carts.set(extra.sessionId ?? '', []);
    return { content: [] };
  });
  return server;
}
`,
    });
    const run = runRecordingModules(['apply', '--dry-run', '--allow-dirty', '--target', 'stateless-v1', dir], dir);
    expect(run.stderr).not.toContain('internal error');
    expect(run.stdout).toContain('src/server.ts'); // the transforms did run and changed the file
    const loaded = packagesAmong(run.modules);
    expect(loaded.has('@ts-morph/common')).toBe(true);
    expect([...loaded].filter((name) => /jscodeshift|recast|^@babel\//.test(name))).toEqual([]);
  });
});
