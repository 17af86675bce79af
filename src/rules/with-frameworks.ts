/**
 * The rule decorator for framework sites (`src/rules/index.ts`): a catalogue rule also reports the sites
 * the framework descriptions give its id (`src/analysis/framework-sites.ts` finds them), with the
 * framework's own advice as message.
 */
import { ts } from '../typescript.js';
import { frameworkSites } from '../analysis/framework-sites.js';
import { FRAMEWORKS } from '../frameworks/index.js';
import type { FrameworkDescription, SiteUse } from '../frameworks/types.js';
import type { Rule, RuleListener } from './rule.js';

/**
 * A catalogue rule that also reports the framework sites carrying its id, with the framework's
 * message (messageId `framework`). The rule's own visitors are untouched.
 */
export function withFrameworks(rule: Rule): Rule {
  const reported = FRAMEWORKS.some((f) => hasRule(f, rule.meta.id));
  if (!reported) return rule;
  return {
    meta: { ...rule.meta, messages: { ...rule.meta.messages, framework: '{{message}}' } },
    create(context) {
      const listener: RuleListener = rule.create(context);
      // Files are collected while the rule's visitors run and reported at the end, so that a file
      // that never imports a framework (a subclass of a project base class) is still walked when
      // another file of the project does.
      const files = new Set<ts.SourceFile>();
      // Called for most nodes of every file by each wrapped rule: the set is touched once per file.
      let last: ts.SourceFile | undefined;
      const collect = (node: ts.Node): void => {
        const file = context.currentFile?.() ?? node.getSourceFile();
        if (file === last) return;
        files.add((last = file));
      };
      const visitors = { ...(listener.visitors ?? {}) } as Record<number, (node: never) => void>;
      for (const kind of [ts.SyntaxKind.CallExpression, ts.SyntaxKind.PropertyAccessExpression, ts.SyntaxKind.NewExpression, ts.SyntaxKind.ClassDeclaration, ts.SyntaxKind.ExportSpecifier, ts.SyntaxKind.VariableDeclaration]) {
        const own = visitors[kind] as ((node: ts.Node) => void) | undefined;
        visitors[kind] = ((node: ts.Node) => {
          own?.(node);
          collect(node);
        }) as (node: never) => void;
      }
      return {
        visitors,
        end() {
          listener.end?.();
          for (const site of frameworkSites(context.analysis, files)) {
            if (site.rule === rule.meta.id) context.report({ node: site.node, messageId: 'framework', data: { message: site.message } });
          }
        },
      };
    },
  };
}

function hasRule(framework: FrameworkDescription, id: string): boolean {
  const uses: Array<SiteUse | undefined> = [
    ...Object.values(framework.members).flatMap((m) => Object.values(m).map((x) => x.use)),
    ...framework.events.map((e) => e.use),
    ...framework.options.map((o) => o.use),
    ...(framework.calls ?? []).map((c) => c.use),
    ...(framework.routeExports ?? []).map((r) => r.use),
    ...Object.values(framework.kept ?? {}),
    ...Object.values(framework.subclasses).flatMap((s) => [
      s.declaration,
      ...Object.values(s.thisMembers ?? {}).map((m) => m.use),
      ...Object.values(s.fields ?? {}),
      ...Object.values(s.statics ?? {}),
    ]),
  ];
  return uses.some((u) => u?.rule === id);
}
