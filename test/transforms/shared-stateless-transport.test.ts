/**
 * One stateless transport created at start-up and handed every request of a route (sweep 9 G3): `scan` reports it
 * (session-id-generator, `sharedStateless`), and `apply`'s marker says what it is, not "its registry and the session
 * routing", which it has none of.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { scan } from '../../src/scan.js';
import { tempTree } from '../support/temp-tree.js';

const SOURCE = `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const server = new McpServer({ name: 'jira', version: '1.0.0' });
const app = express();
app.use(express.json());

const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
await server.connect(transport);

app.all('/mcp', (req, res) => {
  void transport.handleRequest(req, res, req.body);
});

app.listen(3000);
`;

describe('a stateless transport shared by every request', () => {
  it('is reported by scan and marked by apply with what it is', async () => {
    const dir = tempTree({ 'package.json': JSON.stringify({ name: 'jira', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.24.0' } }), 'src/index.ts': SOURCE });
    const report = await scan({ paths: [dir] });
    expect(report.findings.filter((f) => f.ruleId === 'session-transport/session-id-generator').map((f) => f.line)).toEqual([9]);
    const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'] });
    expect(result.failures).toEqual([]);
    const marker = result.markers.find((m) => m.ruleId === 'session-transport/session-id-generator');
    expect(marker?.message).toContain('one stateless transport is created once, outside any route, and serves every request');
    expect(marker?.message).not.toContain('registry');
  });

  it('created in a start-up helper behind a fallback and a wrapper: reported, and the marker says it is shared, not made per request (sweep 10 H6)', async () => {
    const source = `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function scoped<T>(transport: T): T { return transport; }
export async function startHttpServer(server: McpServer, options: { transport?: StreamableHTTPServerTransport } = {}) {
  const transport = scoped(options.transport ?? new StreamableHTTPServerTransport({ sessionIdGenerator: undefined }));
  await server.connect(transport);
  const app = express();
  app.use(express.json());
  app.post('/mcp', async (req, res) => {
    await transport.handleRequest(req, res, req.body);
  });
  return app.listen(3000);
}
`;
    const dir = tempTree({ 'package.json': JSON.stringify({ name: 'vibe', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.24.0' } }), 'src/index.ts': source });
    const report = await scan({ paths: [dir] });
    expect(report.findings.filter((f) => f.ruleId === 'session-transport/session-id-generator').map((f) => f.line)).toEqual([6]);
    const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'] });
    const marker = result.markers.find((m) => m.ruleId === 'session-transport/session-id-generator');
    expect(marker?.message).toContain('one stateless transport is created once in the helper `startHttpServer()` and serves every request of the POST /mcp route');
    expect(marker?.message).not.toContain('per request in');
  });
});
