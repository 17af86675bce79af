/**
 * The handler's `extra`/`ctx` is recognised however the handler reaches its registration:
 * inline, by name (also from another module or as a default export), through wrappers and
 * handler factories, with a `const` description, and next to a ResourceTemplate held in a variable.
 */
import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-state/session-id-read.js';

const SDK = "import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';";
const SERVER = "const server = new McpServer({ name: 's', version: '1' });";
const notes = 'const notes = new Map<string, string>();';

ruleTester(rule, {
  valid: [
    {
      name: 'a ResourceTemplate in a const: the second of three parameters is the URI variables, not extra',
      code: `${SDK}
${SERVER}
const transcripts = new Map<string, string>();
const tpl = new ResourceTemplate('chat://{sessionId}/transcript', { list: undefined });
server.resource('t', tpl, async (uri, variables, extra) => ({ contents: [{ uri: uri.href, text: transcripts.get(String(variables.sessionId)) ?? '' }] }));`,
    },
    {
      name: 'a function with a sessionId parameter that is never registered',
      code: `${notes}
export function lookup(extra: { sessionId: string }) { return notes.get(extra.sessionId); }`,
    },
  ],
  invalid: [
    {
      name: 'handler passed by name',
      code: `${SDK}
${notes}
async function viewNotes(extra: any) { return { content: [{ type: 'text' as const, text: notes.get(extra.sessionId) ?? '' }] }; }
${SERVER}
server.tool('view', viewNotes);`,
      errors: [{ messageId: 'read', line: 3 }],
    },
    {
      name: 'handler exported as default from another module, imported under another name',
      code: {
        'src/view.ts': `${notes}
export default async (extra: any) => ({ content: [{ type: 'text' as const, text: notes.get(extra.sessionId) ?? '' }] });`,
        'src/server.ts': `${SDK}
import show from './view.js';
${SERVER}
server.tool('view', show);`,
      },
      errors: [{ messageId: 'read', line: 2, file: 'src/view.ts' }],
    },
    {
      name: 'two wrapper calls around an inline handler',
      code: `${SDK}
${notes}
const withLog = <T,>(h: T) => h;
const withAuth = <T,>(h: T) => h;
${SERVER}
server.tool('view', withLog(withAuth(async (extra: any) => ({ content: [{ type: 'text' as const, text: notes.get(extra.sessionId) ?? '' }] }))));`,
      errors: [{ messageId: 'read', line: 6 }],
    },
    {
      name: 'a handler factory: the returned function is the handler',
      code: `${SDK}
${notes}
const withSession = (fn: (sid: string) => string) => async (args: { q: string }, extra: any) => ({ content: [{ type: 'text' as const, text: fn(extra.sessionId) }] });
${SERVER}
server.tool('view', { q: {} as any }, withSession((sid) => notes.get(sid) ?? ''));`,
      errors: [{ messageId: 'read', line: 3 }],
    },
    {
      name: 'a helper reached through a shorthand object property',
      code: {
        'src/cart.ts': `${notes}
function getNote(extra: any) { return notes.get(extra.sessionId); }
export const api = { getNote };`,
        'src/server.ts': `${SDK}
import { api } from './cart.js';
${SERVER}
server.tool('view', async (extra) => ({ content: [{ type: 'text' as const, text: api.getNote(extra) ?? '' }] }));`,
      },
      errors: [{ messageId: 'read', line: 2, file: 'src/cart.ts' }],
    },
    {
      name: 'a description held in a const does not count as an argument schema',
      code: `${SDK}
${notes}
const VIEW_DESC = 'Show the note';
${SERVER}
server.tool('view', VIEW_DESC, async (extra) => ({ content: [{ type: 'text' as const, text: notes.get(extra.sessionId!) ?? '' }] }));`,
      errors: [{ messageId: 'read', line: 5 }],
    },
  ],
});
