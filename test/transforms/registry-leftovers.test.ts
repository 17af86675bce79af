/**
 * What a removed session registry leaves in code that stays (registry-leftovers.ts), on the Streamable HTTP rewrite:
 * a loop closing its transports becomes the entry's `close()` only on a shutdown path (a signal listener, a
 * `shutdown` function); a loop anywhere else (an admin route disconnecting everyone) just goes, since closing the one
 * handler there would refuse every later request ("This MCP handler has been closed").
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
