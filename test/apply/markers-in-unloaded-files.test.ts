/**
 * A marker left in a file no analysis loads (after the first run it imports only the SDK's vocabulary, `ServerContext`
 * among its types) is a finding for `apply` as it is for `scan`: a second run exits 1 and names it, instead of "0
 * markers left" and exit 0 while `scan` reports it (sweep 10 recheck N5: a CI gate on apply's exit code passed).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { committedRepo, git } from '../support/committed-repo.js';

const FACTORY = `import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';

type AppContext = { sessionId?: string };

export function createToolHandler(logic: (app: AppContext) => Promise<string>) {
  return async (_input: unknown, callContext: Record<string, unknown>): Promise<CallToolResult> => {
    const sdkContext = callContext as RequestHandlerExtra<ServerRequest, ServerNotification>;
    const sessionId = typeof sdkContext?.sessionId === 'string' ? sdkContext.sessionId : undefined;
    return { content: [{ type: 'text', text: await logic({ sessionId }) }] };
  };
}
`;

describe('markers in files the analysis does not load', () => {
  it('keep a second apply red, as scan is', async () => {
    const dir = committedRepo({
      'package.json': JSON.stringify({ name: 'factory', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', zod: '^3.25.0' } }),
      'src/factory.ts': FACTORY,
    });
    const first = await runCli(['apply', '--no-typecheck'], { cwd: dir });
    expect(first.stdout + first.stderr).toMatch(/marker/);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'first run');
    const scan = await runCli(['scan', '--fail-on', 'none', '--format', 'json'], { cwd: dir });
    const left = (JSON.parse(scan.stdout) as { findings: Array<{ file: string }> }).findings.filter((f) => f.file.endsWith('factory.ts'));
    expect(left.length).toBeGreaterThan(0);
    const second = await runCli(['apply', '--no-typecheck'], { cwd: dir });
    // Not "no MCP server code found … nothing to migrate" (exit 2): the marker is judged.
    expect(second.stderr).not.toContain('nothing to migrate');
    expect(second.code).toBe(1);
    expect(second.stdout + second.stderr).not.toContain('0 markers left');
  });
});
