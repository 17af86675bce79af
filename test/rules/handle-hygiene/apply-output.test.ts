/**
 * `apply`'s own handles pass its own hygiene checks: each fixture is migrated into a temporary
 * directory by the real `apply` (every transform, the in-memory store), then scanned with the
 * `handle-hygiene` rules. A probe rule makes sure the handle model did see the generated handles
 * (a family with a minting tool, consumers and a store), so "no findings" is not "nothing looked at".
 * The transform's own output fixtures (TS, ESM JS, CommonJS, low-level, authenticated) are scanned too,
 * each next to the generated handle module in its flavour.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../../src/apply/apply.js';
import { RULES } from '../../../src/rules/index.js';
import { defineRule, type Rule } from '../../../src/rules/rule.js';
import { scan } from '../../../src/scan.js';
import { handleModuleSource } from '../../../src/transforms/session-state-to-handles/runtime.js';
import { tempTree } from '../../support/temp-tree.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');
const HYGIENE = RULES.filter((rule) => rule.meta.category === 'handle-hygiene');

const probe = defineRule({
  meta: {
    id: 'handle-hygiene/probe',
    category: 'handle-hygiene',
    severity: 'info',
    fix: 'manual',
    summary: 'test probe: one finding per handle family',
    messages: { family: '{{argument}} minted by {{mints}}, taken by {{consumers}}, stores {{stores}}' },
    spec: '',
  },
  create: (context) => ({
    end() {
      for (const family of context.analysis.handles) {
        context.report({
          node: family.mints[0]!.tool.nameNode,
          messageId: 'family',
          data: {
            argument: family.argument,
            mints: family.mints.map((m) => m.tool.name).join(','),
            consumers: family.consumers.map((c) => c.tool.name).join(','),
            stores: family.stores.map((s) => s.name).join(','),
          },
        });
      }
    },
  }),
}) as Rule;

describe.each(['e2e-auth-shop', 'e2e-everything-shop', 'v1-streamable-express'])('apply output of fixtures/%s', (fixture) => {
  it('has handle families and no handle-hygiene finding', async () => {
    expect(HYGIENE.map((r) => r.meta.id).sort()).toEqual([
      'handle-hygiene/create-tool-contract',
      'handle-hygiene/guessable-handle',
      'handle-hygiene/lookup-miss',
      'handle-hygiene/no-expiry',
      'handle-hygiene/unbound-handle',
    ]);
    const dir = tempTree({}, 'mcp-migrate-hygiene-');
    fs.cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false });
    const report = await scan({ paths: [dir], rules: [...HYGIENE, probe] });
    const families = report.findings.filter((f) => f.ruleId === probe.meta.id).map((f) => f.message);
    expect(families.length).toBeGreaterThan(0);
    // The generated registry's map and the user's own store are both keyed by the handle.
    for (const family of families) expect(family).toMatch(/stores .*entries/);
    const findings = report.findings.filter((f) => f.ruleId !== probe.meta.id).map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.message}`);
    expect(findings).toEqual([]);
  }, 120_000);
});

const PAIRS = path.resolve(import.meta.dirname, '../../../transforms/__testfixtures__/session-state-to-handles');
// A fixture whose own, pre-existing handle apply marks as unhygienic (guessable-handle-marker) is about the
// project's handle, not apply's: its marker is checked by the transform's fixture test.
const outputs = fs
  .readdirSync(PAIRS)
  .filter((name) => /\.output\.(?:ts|js|cjs)$/.test(name))
  .filter((name) => !fs.readFileSync(path.join(PAIRS, name), 'utf8').includes('@mcp-migrate-todo(handle-hygiene/'));

describe('session-state-to-handles output fixtures', () => {
  it.each(outputs)('%s has no handle-hygiene finding', async (name) => {
    const flavour = name.endsWith('.cjs') ? 'cjs' : name.endsWith('.js') ? 'esm' : 'ts';
    const dir = tempTree({
      [`src/server.${name.split('.').pop()}`]: fs.readFileSync(path.join(PAIRS, name), 'utf8'),
      [`src/mcp-handles.${flavour === 'ts' ? 'ts' : flavour === 'cjs' ? 'cjs' : 'js'}`]: handleModuleSource(flavour),
    }, 'mcp-migrate-hygiene-');
    const report = await scan({ paths: [dir], rules: [...HYGIENE, probe] });
    const families = report.findings.filter((f) => f.ruleId === probe.meta.id);
    seenFamilies.push(...families.map((f) => `${name}: ${f.message}`));
    expect(report.findings.filter((f) => f.ruleId !== probe.meta.id).map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.message}`)).toEqual([]);
  }, 60_000);

  it('the handle model saw the handles of most of them', () => {
    // Marker-only cases (a store apply could not re-key) have no handle to see.
    expect(new Set(seenFamilies.map((f) => f.split(':')[0])).size).toBeGreaterThanOrEqual(8);
  });
});
const seenFamilies: string[] = [];
