/**
 * The marker apply leaves on a Cloudflare McpAgent class stands for the session findings inside the class (`scan`
 * reports it in their place), so it carries what each of them needs: the state, the props, the session id (sweep 10
 * H4: the props advice vanished from the re-scan with the finding).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { scan } from '../../src/scan.js';
import { tempTree } from '../support/temp-tree.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/agents-mcpagent');

describe('the McpAgent class marker', () => {
  it('says what the state, props and session id reads inside the class need', async () => {
    const dir = tempTree({
      'package.json': fs.readFileSync(path.join(FIXTURE, 'package.json'), 'utf8'),
      'src/index.ts': fs.readFileSync(path.join(FIXTURE, 'src/index.ts'), 'utf8'),
      'src/env.d.ts': fs.readFileSync(path.join(FIXTURE, 'src/env.d.ts'), 'utf8'),
    });
    const before = await scan({ paths: [dir] });
    const inner = before.findings.filter((f) => f.file === 'src/index.ts' && f.line > 8 && f.ruleId.startsWith('session-state/'));
    expect(inner.length).toBeGreaterThan(0);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, dryRun: true, typecheck: false });
    const marker = result.markers.find((m) => m.ruleId === 'session-state/per-session-server' && m.file.endsWith('index.ts'));
    expect(marker?.message).toContain('Inside it: McpAgent state');
    expect(marker?.message).toContain('Inside it: `this.props` is what the Worker put in `ctx.props`');
    expect(marker?.message).toContain('Inside it: `this.getSessionId()` is the MCP session id');
  });
});
