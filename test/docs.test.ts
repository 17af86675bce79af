/**
 * Meta-tests in the typescript-eslint mould: the catalogue, the docs and the tests stay in
 * step. A rule without a doc page, a page without its sections, a rule without valid and
 * invalid tests, or a stale doc page fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, SEVERITIES } from '../src/model.js';
import { RULES, RULE_METAS } from '../src/rules/index.js';
import { renderRuleTable, withRuleTable } from '../src/rule-table.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECTIONS = ['## What it finds', '## Why it breaks under 2026-07-28', '## How to migrate', '## Spec'];

function listMarkdown(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const abs = path.join(dir, entry.name);
    return entry.isDirectory() ? listMarkdown(abs) : entry.name.endsWith('.md') ? [abs] : [];
  });
}

describe('rule catalogue', () => {
  it('has unique ids of the form <category>/<name> matching the file they live in', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { meta } of RULES) {
      expect(meta.id.startsWith(`${meta.category}/`)).toBe(true);
      expect(CATEGORIES).toContain(meta.category);
      expect(SEVERITIES).toContain(meta.severity);
      expect(fs.existsSync(path.join(ROOT, 'src/rules', `${meta.id}.ts`))).toBe(true);
      expect(meta.spec).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\//);
      expect(Object.keys(meta.messages).length).toBeGreaterThan(0);
    }
  });

  it('docs/rule-semantics.md has the rule table generated from the metadata (run `npm run docs:rules` when this fails)', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/rule-semantics.md'), 'utf8');
    expect(doc).toBe(withRuleTable(doc, RULE_METAS));
    for (const { meta } of RULES) expect(doc).toContain(`| \`${meta.id}\` | ${meta.category} | ${meta.severity} |`);
  });

  it('the generated table says "(planned)" for a fix apply does not perform yet', () => {
    // A rule no transform declares it rewrites (see test/fix-status.test.ts for the real ones).
    const table = renderRuleTable([{ id: 'server-push/not-rewritten', category: 'server-push', severity: 'error', fix: 'auto', summary: 'a | b', messages: {}, spec: '' }]);
    expect(table.split('\n')[2]).toBe('| `server-push/not-rewritten` | server-push | error | auto (planned) | a \\| b |');
  });
});

describe.each(RULES.map((r) => [r.meta.id, r] as const))('%s', (id, rule) => {
  const docPath = path.join(ROOT, 'docs/rules', `${id}.md`);

  it('has a doc page with the four sections in order and the right header', () => {
    const doc = fs.readFileSync(docPath, 'utf8');
    expect(doc.startsWith(`# ${id}\n`)).toBe(true);
    expect(doc).toContain(`**${rule.meta.severity}**`);
    expect(doc).toContain(`**fix: ${rule.meta.fix}**`);
    const positions = SECTIONS.map((s) => doc.indexOf(`\n${s}`));
    for (const p of positions) expect(p).toBeGreaterThan(0);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(doc).toContain('https://modelcontextprotocol.io/specification/2026-07-28/');
  });

  it('has valid and invalid test cases', () => {
    const testPath = path.join(ROOT, 'test/rules', `${id}.test.ts`);
    const source = fs.readFileSync(testPath, 'utf8');
    expect(source).toMatch(/valid:\s*\[/);
    expect(source).toMatch(/invalid:\s*\[/);
  });
});

describe('docs/rules', () => {
  it('has no page for a rule that does not exist', () => {
    const ids = new Set(RULES.map((r) => r.meta.id));
    const pages = listMarkdown(path.join(ROOT, 'docs/rules')).map((p) => path.relative(path.join(ROOT, 'docs/rules'), p).replace(/\.md$/, '').split(path.sep).join('/'));
    expect(pages.filter((p) => !ids.has(p))).toEqual([]);
  });
});
