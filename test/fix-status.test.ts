/**
 * Each rule's fix status comes from what the transforms declare they rewrite and mark
 * (transforms/catalog.ts), and every declaration is held to the transform's fixture pairs: a rule
 * a transform declares is resolved (fewer findings, markers counted) or marked in at least one of
 * its pairs, and no pair resolves or marks a rule its transforms do not declare. The labels of
 * `rules`, the generated rule table, SARIF and JSON all derive from the same declarations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEngine } from '../src/rules/engine.js';
import { createModuleResolver } from '../src/discovery/resolve.js';
import { fixAvailable, fixKind, fixLabel, REWRITTEN_BY_APPLY } from '../src/fix-status.js';
import { renderRules } from '../src/commands/rules.js';
import { render } from '../src/reporters/index.js';
import { renderRuleTable, withTransformRuleTable } from '../src/rule-table.js';
import { RULES, RULE_METAS } from '../src/rules/index.js';
import { TRANSFORMS } from '../src/transforms/catalog.js';
import { loadFixtureCases, ROOT, type FixtureCase } from './support/transform-fixtures.js';
import { makeReport, makeFinding } from './support/sample-report.js';

const FIXTURES = path.join(ROOT, 'transforms', '__testfixtures__');

/**
 * The transforms each fixture folder's pairs are produced by (test/transforms/*.test.ts): a folder
 * is its transform's own, except shared-store's pairs, which run the handles transform first.
 */
const PIPELINE_OF: Record<string, string[]> = { 'shared-store': ['session-state-to-handles', 'shared-store'] };
const pipelineOf = (folder: string): string[] => PIPELINE_OF[folder] ?? [folder];

interface Observed {
  folder: string;
  name: string;
  resolved: Set<string>;
  marked: Set<string>;
}

/** Findings by rule, markers counted (a marker stands for the finding it replaces), and markers alone. */
function countByRule(files: ReadonlyMap<string, string>): { all: Map<string, number>; markers: Map<string, number> } {
  const root = path.join(ROOT, '.virtual-fixture');
  const sources = new Map([...files].filter(([rel]) => /\.[cm]?[jt]sx?$/.test(rel)).map(([rel, text]) => [path.join(root, rel), text]));
  const { findings } = runEngine({ files: sources, resolve: createModuleResolver().resolve, rules: RULES, relative: (abs) => path.relative(root, abs) });
  const all = new Map<string, number>();
  const markers = new Map<string, number>();
  const add = (rule: string) => all.set(rule, (all.get(rule) ?? 0) + 1);
  for (const f of findings) {
    // A marker stands for each finding it replaces (one decision marker for a kept HTTP+SSE endpoint stands for
    // the session findings inside it): those sites are left to a person, not resolved.
    const stood = f.replaces ?? [];
    for (const r of stood) add(r.ruleId);
    if (!stood.some((r) => r.ruleId === f.rule.meta.id)) add(f.rule.meta.id);
    if (f.messageId === 'marker') markers.set(f.rule.meta.id, (markers.get(f.rule.meta.id) ?? 0) + 1);
  }
  return { all, markers };
}

function observe(folder: string, fixture: FixtureCase): Observed {
  const before = countByRule(fixture.input);
  const after = countByRule(fixture.output);
  const resolved = new Set([...before.all].filter(([rule, n]) => (after.all.get(rule) ?? 0) < n).map(([rule]) => rule));
  const marked = new Set([...after.markers].filter(([rule, n]) => n > (before.markers.get(rule) ?? 0)).map(([rule]) => rule));
  return { folder, name: fixture.name, resolved, marked };
}

const observed: Observed[] = TRANSFORMS.flatMap((t) => loadFixtureCases(path.join(FIXTURES, t.name)).map((c) => observe(t.name, c)));
const declared = (folder: string, key: 'rewrites' | 'marks'): Set<string> =>
  new Set(pipelineOf(folder).flatMap((name) => TRANSFORMS.find((t) => t.name === name)![key]));

describe('transform declarations match their fixtures', () => {
  it('every transform has fixture pairs and declares only known rules', () => {
    const known = new Set(RULE_METAS.map((m) => m.id));
    for (const t of TRANSFORMS) {
      expect(observed.some((o) => o.folder === t.name), t.name).toBe(true);
      for (const id of [...t.rewrites, ...t.marks]) expect(known.has(id), `${t.name}: ${id}`).toBe(true);
    }
  });

  it('no fixture pair resolves or marks a rule its transforms do not declare', () => {
    for (const o of observed) {
      expect([...o.resolved].filter((r) => !declared(o.folder, 'rewrites').has(r)), `${o.folder}/${o.name} resolves`).toEqual([]);
      expect([...o.marked].filter((r) => !declared(o.folder, 'marks').has(r)), `${o.folder}/${o.name} marks`).toEqual([]);
    }
  });

  it('every declared rule is resolved (rewrites) or marked (marks) in a fixture pair of the transform', () => {
    for (const t of TRANSFORMS) {
      const own = observed.filter((o) => pipelineOf(o.folder).includes(t.name));
      for (const rule of t.rewrites) expect(own.some((o) => o.resolved.has(rule)), `${t.name} rewrites ${rule}`).toBe(true);
      for (const rule of t.marks) expect(own.some((o) => o.marked.has(rule)), `${t.name} marks ${rule}`).toBe(true);
    }
  });
});

describe('fix status everywhere derives from the declarations', () => {
  const rewritten = new Set(TRANSFORMS.flatMap((t) => t.rewrites));

  it('a rule is fixable exactly when a transform rewrites it', () => {
    expect([...REWRITTEN_BY_APPLY].sort()).toEqual([...rewritten].sort());
    for (const meta of RULE_METAS) {
      expect(fixAvailable(meta.id), meta.id).toBe(rewritten.has(meta.id));
      expect(fixLabel(meta).endsWith('(planned)'), meta.id).toBe(!rewritten.has(meta.id) && meta.fix !== 'manual');
    }
  });

  it('`rules` (text and JSON) and the generated rule table say the same', () => {
    const json = JSON.parse(renderRules('json')) as Array<{ id: string; fix: string; fixAvailable: boolean }>;
    const text = renderRules('text');
    const table = renderRuleTable(RULE_METAS);
    for (const meta of RULE_METAS) {
      const entry = json.find((r) => r.id === meta.id)!;
      expect(entry.fixAvailable, meta.id).toBe(rewritten.has(meta.id));
      expect(entry.fix, meta.id).toBe(fixKind(meta));
      expect(text.split('\n').find((l) => l.startsWith(`${meta.id} `)), meta.id).toContain(` ${fixLabel(meta)} `);
      expect(table.split('\n').find((l) => l.startsWith(`| \`${meta.id}\``)), meta.id).toContain(`| ${fixLabel(meta)} |`);
    }
  });

  it('SARIF rule descriptors and results carry the same fix and availability', () => {
    const meta = RULE_METAS.find((m) => rewritten.has(m.id) && m.fix === 'manual') ?? RULE_METAS.find((m) => rewritten.has(m.id))!;
    const finding = makeFinding({ ruleId: meta.id, category: meta.category, fix: fixKind(meta), file: 'src/a.ts', line: 1, column: 1, message: 'm' });
    const sarif = JSON.parse(render('sarif', makeReport([finding]), { rules: RULE_METAS, color: false, failOn: 'error' }));
    const run = sarif.runs[0];
    for (const descriptor of run.tool.driver.rules as Array<{ id: string; properties: { fix: string; fixAvailable: boolean } }>) {
      const m = RULE_METAS.find((r) => r.id === descriptor.id)!;
      expect(descriptor.properties, m.id).toMatchObject({ fix: fixKind(m), fixAvailable: rewritten.has(m.id) });
    }
    expect(run.results[0].properties).toMatchObject({ fix: fixKind(meta), fixAvailable: true });
  });

  it('README has the table of what each transform rewrites and marks, generated from the declarations (run `npm run docs:rules` when this fails)', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toBe(withTransformRuleTable(readme, TRANSFORMS));
  });
});
