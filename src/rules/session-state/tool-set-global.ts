import { ts } from '../../typescript.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-state/tool-set-global',
    category: 'session-state',
    severity: 'warning',
    fix: 'manual',
    summary: 'A module variable (or a property of an object the tools are registered with) one tool sets from its arguments and other tools read, or a flag one tool sets and other tools check first: state that spans calls without a handle',
    messages: {
      global:
        '`{{name}}` is set from the arguments of {{setters}} and read by {{readers}}: a choice one call made that later calls rely on, with nothing in their requests saying so. It works only while one process serves one client (stdio); {{shared}}, and 2026-07-28 has no session to tie the calls together. Return an explicit handle from {{setters}} (`<noun>_id`) and take it as an argument of every tool that relies on the choice, checked against the caller.',
      gate:
        '`{{name}}` is set by {{setters}} and checked first by {{readers}}: an order between calls (call {{setters}} first) kept in the server, with nothing in the later requests saying it was followed. It works only while one process serves one client (stdio); {{shared}}, and 2026-07-28 has no session to tie the calls together. Have {{setters}} return an id for what it set up (`<noun>_id`), and take it as an argument of the tools that check it, checked against the caller.',
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
          context.report({ node: global.write.left, messageId: global.kind === 'gate' ? 'gate' : 'global', data: { name: global.name, setters: names(global.setters), readers: names(global.readers), shared: sharedBy(global.name, global.kind, names(global.setters), ts.isParameter(global.declaration)) } });
        }
      },
    };
  },
});

/**
 * Who shares the state over HTTP. A module variable: every caller. A property of an object handed to the code
 * registering the tools: every call that reaches that object. A class field: every call that reaches the object
 * holding it, which is every caller for one object per process, and the calls of one session for an object built per
 * session (a server's wrapper built in a sessionful route: sweep 23 W2).
 */
function sharedBy(name: string, kind: 'argument' | 'gate', setters: string, handed: boolean): string {
  // A property of the object handed to the function registering the tools (`createServer(ctx)`, sweep 34 AH8).
  if (handed) return `over HTTP it is shared by every call that reaches the object \`${name.split('.')[0]}\` handed to the code registering the tools (every caller, for one object per process; the calls of one connection, for one built per connection)`;
  if (!name.startsWith('this.')) return kind === 'gate' ? `over HTTP one caller's ${setters} opens the gate for every caller` : 'over HTTP every caller shares it';
  return `over HTTP it is shared by every call that reaches the object holding it (every caller, for one object per process; the calls of one session, for one built per session)`;
}
