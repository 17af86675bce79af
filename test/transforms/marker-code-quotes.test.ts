/**
 * A marker points at other code by quoting it, never by line number: the line this run read moves with the markers
 * inserted above it (sweep 5: mittwald's "server/mcp.ts:660, marked there" stood at 669 once written).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { parseMarkers } from '../../src/markers.js';
import { tempTree } from '../support/temp-tree.js';

const SERVER = `import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';

const app = express();
const streams = new Map<string, SSEServerTransport>();
const buildServer = () => new McpServer({ name: 'quotes', version: '1.0.0' });
const withAuth = (handler: express.RequestHandler): express.RequestHandler => handler;

async function handleSse(_req: express.Request, res: express.Response) {
  const transport = new SSEServerTransport('/messages', res);
  streams.set(transport.sessionId, transport);
  res.on('close', () => streams.delete(transport.sessionId));
  await buildServer().connect(transport);
}

async function handleMessage(req: express.Request, res: express.Response) {
  const transport = streams.get(String(req.query.sessionId));
  if (!transport) {
    res.status(404).end();
    return;
  }
  await transport.handlePostMessage(req, res);
}

app.get('/sse', withAuth(handleSse));
app.post('/messages', (req, res) => handleMessage(req, res));
app.listen(3000);
`;

describe('markers quote the code they point at', () => {
  it('an SSE handler passed on (not called) is named by the call that receives it, with no line number', async () => {
    const dir = tempTree({ 'package.json': '{ "type": "module" }\n', 'src/index.ts': SERVER });
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'], transformOptions: { modernOnly: true } });
    expect(result.failures).toEqual([]);
    const text = fs.readFileSync(path.join(dir, 'src/index.ts'), 'utf8');
    const [marker] = parseMarkers(text).filter((m) => m.ruleId === 'session-transport/sse-transport');
    expect(marker?.message).toContain('its handler `handleSse` is passed on (`withAuth(handleSse)`), not called');
    expect(marker?.message).not.toMatch(/\bline \d/);
  });
});
