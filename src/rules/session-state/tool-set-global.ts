import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-state/tool-set-global',
    category: 'session-state',
    severity: 'warning',
    fix: 'manual',
    summary: 'A module variable one tool sets from its arguments and other tools read: state that spans calls without a handle',
    messages: {
      global:
        '`{{name}}` is set from the arguments of {{setters}} and read by {{readers}}: a choice one call made that later calls rely on, with nothing in their requests saying so. It works only while one process serves one client (stdio); over HTTP every caller shares it, and 2026-07-28 has no session to tie the calls together. Return an explicit handle from {{setters}} (`<noun>_id`) and take it as an argument of every tool that relies on the choice, checked against the caller.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    return {
      end() {
        for (const global of context.analysis.toolSetGlobals) {
          const names = (tools: readonly { name: string }[]) => {
            const quoted = tools.slice(0, 4).map((t) => `\`${t.name}\``);
            if (tools.length > 4) return `${quoted.join(', ')} and ${tools.length - 4} more tools`;
            return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]!}`;
          };
          context.report({ node: global.write.left, messageId: 'global', data: { name: global.name, setters: names(global.setters), readers: names(global.readers) } });
        }
      },
    };
  },
});
