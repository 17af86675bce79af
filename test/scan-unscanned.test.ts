/**
 * A source file left unscanned is never read as "nothing found" (review 40 R40-5): one over the size limit that
 * imports MCP (a generated server) makes the verdict incomplete and the exit code 2; a large file that imports no MCP
 * (a bundle) is only noted; a file named on the command line and too large says so.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';
import { tempTree } from './support/temp-tree.js';

const SESSIONFUL = `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
`;
const padding = (bytes: number) => `\nexport const DATA = "${'x'.repeat(bytes)}";\n`;

describe('files over --max-file-size', () => {
  it('a large file importing MCP makes the scan incomplete (exit 2), whatever the rest shows', async () => {
    const dir = tempTree({ 'generated-server.ts': SESSIONFUL + padding(8 * 1024), 'util.ts': 'export const add = (a: number, b: number) => a + b;\n' });
    const run = await runCli(['scan', '.', '--max-file-size', '4'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('Analysis incomplete: 1 source file not scanned');
    expect(run.stdout).toContain('it imports MCP, so its findings are missing');
    expect(run.stdout).not.toContain('No MCP server code found');
    const raised = await runCli(['scan', '.', '--max-file-size', '64'], { cwd: dir });
    expect(raised.code).toBe(1);
  });

  it('a large file importing no MCP is only noted', async () => {
    const dir = tempTree({ 'server.ts': SESSIONFUL, 'bundle.js': padding(8 * 1024) });
    const run = await runCli(['scan', '.', '--max-file-size', '4', '--fail-on', 'none'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('too-large');
    expect(run.stdout).not.toContain('Analysis incomplete');
  });

  it('named on the command line, the message says it is too large, not ignored', async () => {
    const dir = tempTree({ 'generated-server.ts': SESSIONFUL + padding(8 * 1024) });
    const run = await runCli(['scan', 'generated-server.ts', '--max-file-size', '4'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is over the --max-file-size limit');
  });
});
