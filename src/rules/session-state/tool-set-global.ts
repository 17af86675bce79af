import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-state/tool-set-global',
    category: 'session-state',
    severity: 'warning',
    fix: 'manual',
    summary: 'A module variable one tool sets from its arguments and other tools read, or a flag one tool sets and other tools check first: state that spans calls without a handle',
    messages: {
      global:
        '`{{name}}` is set from the arguments of {{setters}} and read by {{readers}}: a choice one call made that later calls rely on, with nothing in their requests saying so. It works only while one process serves one client (stdio); over HTTP every caller shares it, and 2026-07-28 has no session to tie the calls together. Return an explicit handle from {{setters}} (`<noun>_id`) and take it as an argument of every tool that relies on the choice, checked against the caller.',
      gate:
        '`{{name}}` is set by {{setters}} and checked first by {{readers}}: an order between calls (call {{setters}} first) kept in the server, with nothing in the later requests saying it was followed. It works only while one process serves one client (stdio); over HTTP one caller\'s {{setters}} opens the gate for every caller, and 2026-07-28 has no session to tie the calls together. Have {{setters}} return an id for what it set up (`<noun>_id`), and take it as an argument of the tools that check it, checked against the caller.',
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
          context.report({ node: global.write.left, messageId: global.kind === 'gate' ? 'gate' : 'global', data: { name: global.name, setters: names(global.setters), readers: names(global.readers) } });
        }
      },
    };
  },
});
