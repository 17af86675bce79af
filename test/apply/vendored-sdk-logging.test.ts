/**
 * A server on a vendored SDK (the SDK's own examples import `../../server/mcp.js`): the logging transform moves
 * `sendLoggingMessage(…, extra.sessionId)` onto the request in SDK 1.x form, and the rule must take that form as
 * request-scoped too, or a second run marks what the first one wrote.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { tempTree } from '../support/temp-tree.js';

const VENDORED = `export class McpServer {
  server = { sendLoggingMessage: async (_params: unknown, _sessionId?: string) => {} };
  tool(_name: string, _schema: unknown, _cb: (args: any, extra: any) => unknown) {}
  async connect(_transport: unknown) {}
  async sendLoggingMessage(_params: unknown, _sessionId?: string) {}
}
`;

const SERVER = `import { McpServer } from '../sdk/server/mcp.js';
export const server = new McpServer();
server.tool('count', {}, async (_args, extra) => {
  await server.sendLoggingMessage({ level: 'info', data: 'counting' }, extra.sessionId);
  return { content: [{ type: 'text', text: 'done' }] };
});
`;

describe('apply on a vendored SDK', () => {
  it('moves a log message onto its request once, and a second run leaves it', async () => {
    const dir = tempTree({ 'sdk/server/mcp.ts': VENDORED, 'examples/server.ts': SERVER, 'package.json': '{ "type": "module" }\n' });
    const options = { paths: [path.join(dir, 'examples')], cwd: dir, allowDirty: true, typecheck: false, transforms: ['logging-to-request-scope'] };
    const first = await runApply(options);
    expect(first.failures).toEqual([]);
    const migrated = fs.readFileSync(path.join(dir, 'examples/server.ts'), 'utf8');
    expect(migrated).toContain("await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'counting' } });");
    const second = await runApply(options);
    expect(second.changes.map((c) => path.relative(dir, c.file))).toEqual([]);
    expect(second.remaining.filter((f) => f.rule.meta.id === 'deprecated-feature/logging' && f.file.endsWith('server.ts'))).toEqual([]);
  });
});
