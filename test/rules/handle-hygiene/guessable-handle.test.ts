import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handle-hygiene/guessable-handle.js';
import { RELAYED_IDS } from './relayed-ids.js';

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

/** A low-level server whose `tools/call` handler hands the request to a function that branches, tools described by
 * `zodToJsonSchema` of schemas in another module, and the handle minted in a manager class two calls away. */
const delegated = (mint: string, importLine = ''): Record<string, string> => ({
  'src/schemas.ts': `import { z } from 'zod';
export const StartSearchArgs = z.object({ pattern: z.string() });
export const MoreResultsArgs = z.object({ sessionId: z.string(), offset: z.number().optional() });`,
  'src/search-manager.ts': `${importLine}export class SearchManager {
  private sessions = new Map<string, { pattern: string; results: string[] }>();
  private sessionCounter = 0;
  async startSearch(pattern: string): Promise<{ sessionId: string; results: string[] }> {
    const sessionId = ${mint};
    this.sessions.set(sessionId, { pattern, results: [] });
    return { sessionId, results: [] };
  }
  readResults(sessionId: string): string[] {
    return this.sessions.get(sessionId)?.results ?? [];
  }
}
export const searchManager = new SearchManager();`,
  'src/handlers/search.ts': `import { searchManager } from '../search-manager.js';
import { MoreResultsArgs, StartSearchArgs } from '../schemas.js';
export async function handleStartSearch(args: unknown) {
  const parsed = StartSearchArgs.parse(args);
  const result = await searchManager.startSearch(parsed.pattern);
  let output = \`Started search session: \${result.sessionId}\\n\`;
  output += \`Initial results: \${result.results.length}\`;
  return { content: [{ type: 'text' as const, text: output }] };
}
export async function handleMoreResults(args: unknown) {
  const parsed = MoreResultsArgs.parse(args);
  return { content: [{ type: 'text' as const, text: searchManager.readResults(parsed.sessionId).join('\\n') }] };
}`,
  'src/handlers/index.ts': `export * from './search.js';`,
  'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import { zodToJsonSchema } from 'zod-to-json-schema';
import * as handlers from './handlers/index.js';
import { MoreResultsArgs, StartSearchArgs } from './schemas.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: 'start_search', description: 'Starts a search.', inputSchema: zodToJsonSchema(StartSearchArgs) },
    { name: 'get_more_search_results', description: 'Reads results.', inputSchema: zodToJsonSchema(MoreResultsArgs) },
  ],
}));
async function handleCallToolRequest(request: CallToolRequest) {
  const { name, arguments: args } = request.params;
  let result;
  switch (name) {
    case 'start_search':
      result = await handlers.handleStartSearch(args);
      break;
    case 'get_more_search_results':
      result = await handlers.handleMoreResults(args);
      break;
    default:
      throw new Error(name);
  }
  return result;
}
server.setRequestHandler(CallToolRequestSchema, async (request: CallToolRequest) => handleCallToolRequest(request));`,
});

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
    {
      name: 'a low-level server delegating tools/call, schemas through zodToJsonSchema: a randomUUID handle',
      code: delegated('`search_${randomUUID()}`', "import { randomUUID } from 'node:crypto';\n"),
    },
    {
      name: 'the same server whose result text does not carry the id: nothing is handed out',
      code: { ...delegated('`search_${++this.sessionCounter}`'), 'src/handlers/search.ts': delegated('')['src/handlers/search.ts']!.replace('Started search session: ${result.sessionId}', 'Started a search') },
    },
    {
      name: 'an upstream API id relayed and the tool\'s own id argument echoed (nothing minted, nothing stored): no handle to guess',
      code: RELAYED_IDS,
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
    {
      name: 'a counter and Date.now() in a manager class, handed out in the text a delegated low-level tools/call branch returns',
      code: delegated('`search_${++this.sessionCounter}_${Date.now()}`'),
      errors: [
        { messageId: 'counter', line: 5, file: 'src/search-manager.ts', data: { argument: 'sessionId', tool: 'start_search' } },
        { messageId: 'time', line: 5, file: 'src/search-manager.ts', data: { argument: 'sessionId', tool: 'start_search' } },
      ],
    },
    {
      name: "the tool's own argument, written into the store under itself and handed back: a handle the caller named",
      code: `${HEAD}server.registerTool('create_note', { inputSchema: { title: z.string() } }, async ({ title }) => {
  notes.set(title, []);
  return { content: [], structuredContent: { note_id: title } };
});${CONSUMER}`,
      errors: [{ messageId: 'input', line: 7, data: { argument: 'note_id', tool: 'create_note' } }],
    },
    {
      name: 'a counter id stored where the analysis cannot follow it (inside a constructed object): a fresh id is still minted',
      code: `${HEAD}let next = 0;
class Note {
  constructor(readonly id: string) {}
}
function keep(note: Note) {
  notes.set(note.id, []);
}
server.registerTool('create_note', {}, async () => {
  const note_id = \`n\${++next}\`;
  keep(new Note(note_id));
  return { content: [], structuredContent: { note_id } };
});${CONSUMER}`,
      errors: [{ messageId: 'counter', line: 13 }],
    },
  ],
});
