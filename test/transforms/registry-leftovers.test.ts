/**
 * What a removed session registry leaves in code that stays (registry-leftovers.ts), on the Streamable HTTP rewrite:
 * a loop closing its transports becomes the entry's `close()` only on a shutdown path (a signal listener, a
 * `shutdown` function); a loop anywhere else (an admin route disconnecting everyone) just goes, since closing the one
 * handler there would refuse every later request ("This MCP handler has been closed"). A `Promise.all`/`allSettled`
 * of the registry's entries mapped to their `close()` is such a loop (zereight/gitlab-mcp's SIGTERM listener).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { ROOT } from '../support/transform-fixtures.js';
import { tempTree } from '../support/temp-tree.js';

const PACKAGE = '{ "name": "notes", "type": "module", "dependencies": { "@modelcontextprotocol/server": "^2.0.0", "@modelcontextprotocol/node": "^2.0.0" } }\n';

describe('loops over a removed registry', () => {
  it('close the entry in a shutdown listener, and go from an admin route', async () => {
    const input = fs.readFileSync(path.join(ROOT, 'transforms/__testfixtures__/stateless-serving/express-sessionful.input.ts'), 'utf8');
    const source = input.replace(
      "app.post('/mcp',",
      `app.post('/admin/disconnect-all', (_req: Request, res: Response) => {
  for (const t of transports.values()) void t.close();
  res.sendStatus(204);
});

process.on('SIGTERM', async () => {
  for (const t of transports.values()) {
    await t.close();
  }
  process.exit(0);
});

app.post('/mcp',`,
    );
    expect(source).toContain('/admin/disconnect-all');
    const dir = tempTree({ 'package.json': PACKAGE, 'src/server.ts': source });
    const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'] });
    expect(result.failures).toEqual([]);
    const after = result.changes.find((c) => c.file.endsWith('server.ts'))!.after;
    expect(after).toContain('createMcpHandler(buildServer)');
    expect(after).toContain("app.post('/admin/disconnect-all', (_req: Request, res: Response) => {\n  res.sendStatus(204);\n});");
    expect(after).toContain("process.on('SIGTERM', async () => {\n  await mcpHandler.close();\n  process.exit(0);\n});");
    expect(after.match(/mcpHandler\.close\(\)/g)).toHaveLength(1);
  });
});

describe('Promise.all / Promise.allSettled over a removed registry', () => {
  it('is a loop closing each entry: the entry closes in a shutdown listener, the statement goes from an admin route', async () => {
    const input = fs.readFileSync(path.join(ROOT, 'transforms/__testfixtures__/stateless-serving/express-sessionful.input.ts'), 'utf8');
    const source = input.replace(
      "app.post('/mcp',",
      `app.post('/admin/disconnect-all', (_req: Request, res: Response) => {
  void Promise.all(Array.from(transports.values()).map((t) => t.close()));
  res.sendStatus(204);
});

process.on('SIGTERM', async () => {
  await Promise.allSettled([...transports.values()].map(async (t) => {
    await t.close();
  }));
  process.exit(0);
});

app.post('/mcp',`,
    );
    expect(source).toContain('/admin/disconnect-all');
    const dir = tempTree({ 'package.json': PACKAGE, 'src/server.ts': source });
    const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'] });
    expect(result.failures).toEqual([]);
    const after = result.changes.find((c) => c.file.endsWith('server.ts'))!.after;
    expect(after).toContain('createMcpHandler(buildServer)');
    expect(after).not.toContain('transports');
    expect(after).not.toContain('@mcp-migrate-todo');
    expect(after).toContain("app.post('/admin/disconnect-all', (_req: Request, res: Response) => {\n  res.sendStatus(204);\n});");
    expect(after).toContain("process.on('SIGTERM', async () => {\n  await mcpHandler.close();\n  process.exit(0);\n});");
  });

  it('empties the HTTP+SSE registry --modern-only removes (gitlab-mcp): registry, server-legacy import and package go', async () => {
    const source = `import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';
import express from 'express';

function createServer() {
  return new McpServer({ name: 's', version: '1.0.0' });
}

const app = express();
const transports: { [sessionId: string]: SSEServerTransport } = {};

app.get('/sse', async (req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  res.on('close', () => {
    delete transports[transport.sessionId];
  });
  await createServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports[req.query.sessionId as string];
  if (!transport) {
    res.status(404).send('no session');
    return;
  }
  await transport.handlePostMessage(req, res);
});

const httpServer = app.listen(3000);
process.on('SIGTERM', async () => {
  httpServer.close();
  await Promise.allSettled(Object.values(transports).map(async (t) => {
    await t.close();
  }));
  process.exit(0);
});
`;
    const manifest = '{ "name": "sse", "type": "module", "dependencies": { "@modelcontextprotocol/server": "^2.0.0", "@modelcontextprotocol/server-legacy": "^2.0.0", "@modelcontextprotocol/node": "^2.0.0", "express": "^5.1.0" } }\n';
    const dir = tempTree({ 'package.json': manifest, 'src/server.ts': source });
    const result = await runApply({ paths: [path.join(dir, 'src')], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['stateless-serving'], transformOptions: { modernOnly: true } });
    expect(result.failures).toEqual([]);
    const after = result.changes.find((c) => c.file.endsWith('server.ts'))!.after;
    expect(after).not.toContain('@mcp-migrate-todo');
    expect(after).not.toContain('transports');
    expect(after).not.toContain('server-legacy');
    expect(after).toContain("process.on('SIGTERM', async () => {\n  httpServer.close();\n  await mcpHandler.close();\n  process.exit(0);\n});");
    const pkg = result.changes.find((c) => c.file.endsWith('package.json'))!.after;
    expect(pkg).not.toContain('server-legacy');
  });
});
