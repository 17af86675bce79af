/** The framework descriptions stay consistent with the rule catalogue, the docs and the fixtures. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRAMEWORKS } from '../../src/frameworks/index.js';
import { frameworkOfSpecifier } from '../../src/analysis/framework-modules.js';
import type { FrameworkDescription, SiteUse } from '../../src/frameworks/types.js';
import { RULES } from '../../src/rules/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

function uses(framework: FrameworkDescription): SiteUse[] {
  return [
    ...Object.values(framework.members).flatMap((members) => Object.values(members).flatMap((m) => (m.use ? [m.use] : []))),
    ...framework.events.map((e) => e.use),
    ...framework.options.map((o) => o.use),
    ...(framework.calls ?? []).map((c) => c.use),
    ...Object.values(framework.subclasses).flatMap((s) => [
      ...(s.declaration ? [s.declaration] : []),
      ...Object.values(s.thisMembers ?? {}).flatMap((m) => (m.use ? [m.use] : [])),
      ...Object.values(s.fields ?? {}),
      ...Object.values(s.statics ?? {}),
    ]),
  ];
}

describe.each(FRAMEWORKS.map((f) => [f.id, f] as const))('%s', (_id, framework) => {
  it('reports only under rules of the catalogue, each of which carries the framework message', () => {
    const byId = new Map(RULES.map((r) => [r.meta.id, r]));
    for (const use of uses(framework)) {
      const rule = byId.get(use.rule);
      expect(rule, use.rule).toBeDefined();
      expect(rule!.meta.messages.framework).toBe('{{message}}');
      expect(use.advice.length).toBeGreaterThan(20);
    }
  });

  it('owns its modules, names roles it describes, and is documented', () => {
    for (const module of framework.modules) expect(frameworkOfSpecifier(module)?.id).toBe(framework.id);
    expect(frameworkOfSpecifier(`${framework.modules[0]}-extra`)).toBeUndefined();
    for (const client of framework.clientModules ?? []) expect(frameworkOfSpecifier(`${client}/index.js`)).toBeUndefined();
    const roles = new Set([...Object.values(framework.exports), ...Object.keys(framework.members)]);
    for (const callback of framework.callbacks) if ('role' in callback.on) expect(roles).toContain(callback.on.role);
    const docs = fs.readFileSync(path.join(ROOT, 'docs/frameworks.md'), 'utf8');
    expect(docs).toContain(framework.modules[0]);
  });

  it('has a fixture project that depends on it', () => {
    const fixtures = fs.readdirSync(path.join(ROOT, 'fixtures'));
    // The package name: `@scope/name` keeps its scope (`@hono/mcp`), a bare one is its first segment (`agents/mcp` → `agents`).
    const pkg = framework.modules[0]!.split('/').slice(0, framework.modules[0]!.startsWith('@') ? 2 : 1).join('/');
    const users = fixtures.filter((name) => {
      const file = path.join(ROOT, 'fixtures', name, 'package.json');
      return fs.existsSync(file) && pkg in ((JSON.parse(fs.readFileSync(file, 'utf8')) as { dependencies?: object }).dependencies ?? {});
    });
    expect(users.length).toBeGreaterThan(0);
  });
});
