import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handle-hygiene/guessable-handle.js';

const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
const notes = new Map<string, string[]>();
`;
const CONSUMER = `
server.registerTool('add_note', { inputSchema: { note_id: z.string(), text: z.string() } }, async ({ note_id, text }) => {
  notes.get(note_id)?.push(text);
  return { content: [] };
});`;

ruleTester(rule, {
  valid: [
    {
      name: 'randomBytes from node:crypto, through a helper and .toString',
      code: `${HEAD}import { randomBytes } from 'node:crypto';
const mint = () => 'note_' + randomBytes(16).toString('base64url');
server.registerTool('create_note', {}, async () => {
  const note_id = mint();
  notes.set(note_id, []);
  return { content: [], structuredContent: { note_id } };
});${CONSUMER}`,
    },
    {
      name: 'global crypto.randomUUID next to a timestamp prefix (the random part is enough)',
      code: `${HEAD}server.registerTool('create_note', {}, async () => {
  const id = \`\${Date.now()}-\${crypto.randomUUID()}\`;
  notes.set(id, []);
  return { content: [{ type: 'text', text: \`note_id: \${id}\` }] };
});${CONSUMER}`,
    },
    {
      name: 'a counter-minted id that keys no store of the server (an id from elsewhere, passed through) is no handle',
      code: `${HEAD}let next = 0;
server.registerTool('create_note', {}, async () => ({ content: [], structuredContent: { note_id: String(++next) } }));
server.registerTool('add_note', { inputSchema: { note_id: z.string() } }, async ({ note_id }) => ({ content: [{ type: 'text', text: note_id }] }));`,
    },
    {
      name: 'a Math.random id that no other tool takes is no handle',
      code: `${HEAD}server.registerTool('roll', {}, async () => {
  const roll_id = Math.random().toString(36);
  notes.set(roll_id, []);
  return { content: [], structuredContent: { roll_id } };
});`,
    },
    {
      name: "uuid's v4 (CSPRNG) under an alias",
      code: `${HEAD}import { v4 as uuid } from 'uuid';
server.registerTool('create_note', {}, async () => {
  const note_id = uuid();
  notes.set(note_id, []);
  return { content: [], structuredContent: { note_id } };
});${CONSUMER}`,
    },
  ],
  invalid: [
    {
      name: 'a module counter, in a helper in another file, read back through the returned object',
      code: {
        'src/store.ts': `export const notes = new Map<string, { id: string; lines: string[] }>();
let nextNote = 1;
export function createNote() {
  const id = \`note-\${nextNote++}\`;
  const note = { id, lines: [] as string[] };
  notes.set(id, note);
  return note;
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createNote, notes } from './store.js';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('create_note', {}, async () => {
  const note = createNote();
  return { content: [], structuredContent: { note_id: note.id } };
});
server.registerTool('add_line', { inputSchema: { note_id: z.string() } }, async ({ note_id }) => {
  notes.get(note_id)?.lines.push('x');
  return { content: [] };
});`,
      },
      errors: [{ messageId: 'counter', line: 4, file: 'src/store.ts', data: { argument: 'note_id', tool: 'create_note' } }],
    },
    {
      name: 'Date.now() and Math.random() in base 36',
      code: `${HEAD}server.registerTool('create_note', {}, async () => {
  const note_id = Date.now().toString(36) + Math.random().toString(36).slice(2);
  notes.set(note_id, []);
  return { content: [], structuredContent: { note_id } };
});${CONSUMER}`,
      errors: [
        { messageId: 'time', line: 6 },
        { messageId: 'random', line: 6 },
      ],
    },
    {
      name: "user data: a hash of the tool's own argument, and a handle minted in the text only",
      code: `${HEAD}import { createHash } from 'node:crypto';
server.registerTool('create_note', { inputSchema: { title: z.string() } }, async ({ title }) => {
  const id = createHash('sha256').update(title).digest('hex').slice(0, 12);
  notes.set(id, []);
  return { content: [{ type: 'text', text: \`note_id: \${id}\` }] };
});${CONSUMER}`,
      errors: [{ messageId: 'input', line: 7 }],
    },
    {
      name: 'a class field counter and the store size (sequential either way), plain object store',
      code: `${HEAD}const byId: Record<string, string[]> = {};
class Ids {
  private n = 0;
  next() { return 'n' + this.n++; }
}
const ids = new Ids();
server.registerTool('create_note', {}, async () => {
  const note_id = ids.next();
  byId[note_id] = [];
  return { content: [], structuredContent: { note_id } };
});
server.registerTool('create_note_sized', {}, async () => {
  const note_id = \`n\${notes.size + 1}\`;
  notes.set(note_id, []);
  return { content: [], structuredContent: { note_id } };
});${CONSUMER}`,
      errors: [
        { messageId: 'counter', line: 8 },
        { messageId: 'counter', line: 17 },
      ],
    },
  ],
});
