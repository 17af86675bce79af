import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-state/tool-set-global.js';

const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'figma', version: '1.0.0' });
`;

ruleTester(rule, {
  valid: [
    {
      name: 'a property of the object handed to the server factory that no tool writes (configuration every tool reads)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
interface Config { logDir: string }
export function createServerInstance(config: Config): McpServer {
  const mcp = new McpServer({ name: 'x', version: '1' });
  mcp.tool('get_logs', 'Logs.', {}, async () => ({ content: [{ type: 'text', text: config.logDir }] }));
  mcp.tool('log_dir', 'Where the logs are.', {}, async () => ({ content: [{ type: 'text', text: config.logDir }] }));
  return mcp;
}`,
    },
    {
      name: 'a lazy client cache: written from a call, not from what a caller handed in',
      code: `${HEAD}declare function createClient(key: string | undefined): { get(path: string): Promise<string> };
let client: ReturnType<typeof createClient> | undefined;
function api() {
  if (!client) client = createClient(process.env.API_KEY);
  return client;
}
server.registerTool('get_page', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: await api().get(path) }] }));
server.registerTool('get_user', { inputSchema: { id: z.string() } }, async ({ id }) => ({ content: [{ type: 'text', text: await api().get('/users/' + id) }] }));`,
    },
    {
      name: 'a tool that remembers its own argument for itself only (no other tool reads it)',
      code: `${HEAD}let lastQuery = '';
server.registerTool('search', { inputSchema: { q: z.string() } }, async ({ q }) => {
  const again = q === lastQuery;
  lastQuery = q;
  return { content: [{ type: 'text', text: again ? 'same as before' : q }] };
});
server.registerTool('help', {}, async () => ({ content: [{ type: 'text', text: 'search the index' }] }));`,
    },
    {
      name: 'a counter every tool bumps and a reset to a literal: compound updates and literals are no caller\'s choice',
      code: `${HEAD}let calls = 0;
let mode: string | null = null;
server.registerTool('ping', {}, async () => {
  calls++;
  mode = null;
  return { content: [{ type: 'text', text: String(calls) }] };
});
server.registerTool('stats', {}, async () => {
  calls += 1;
  return { content: [{ type: 'text', text: \`\${calls} \${mode}\` }] };
});`,
    },
    {
      name: 'set from a parameter outside any tool (start-up configuration), read by tools',
      code: `${HEAD}let baseUrl = 'http://localhost';
export function configure(url: string) {
  baseUrl = url;
}
configure(process.argv[2] ?? 'http://localhost:8080');
server.registerTool('fetch', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: baseUrl + path }] }));`,
    },
    {
      name: 'a const holding a class instance, and a shadowing local of the same name in a tool',
      code: `${HEAD}let channel: string | undefined;
server.registerTool('join', { inputSchema: { channel: z.string() } }, async ({ channel }) => {
  const local = channel;
  return { content: [{ type: 'text', text: local }] };
});
server.registerTool('send', {}, async () => ({ content: [{ type: 'text', text: String(channel) }] }));`,
    },
    {
      name: 'a helper that keeps what its callers pass, when no tool passes anything from its arguments (configuration)',
      code: `${HEAD}declare function createClient(key: string | undefined): { get(path: string): Promise<string> };
let client: ReturnType<typeof createClient> | undefined;
function clientFor(key: string | undefined) {
  client = createClient(key);
  return client;
}
server.registerTool('get_page', { inputSchema: { path: z.string() } }, async ({ path }) => ({ content: [{ type: 'text', text: await clientFor(process.env.API_KEY).get(path) }] }));
server.registerTool('again', {}, async () => ({ content: [{ type: 'text', text: String(client) }] }));`,
    },
    {
      name: 'the server or the handler context kept in a module variable is another rule\'s site',
      code: `${HEAD}let lastExtra: unknown;
server.registerTool('a', {}, async (extra) => {
  lastExtra = extra;
  return { content: [] };
});
server.registerTool('b', {}, async () => ({ content: [{ type: 'text', text: String(lastExtra) }] }));`,
    },
    {
      name: 'a flag every tool sets before it reads it (lazy start-up), and a mark only shown, never tested',
      code: `${HEAD}let ready = false;
let lastAction = 'none';
async function ensureReady() {
  if (!ready) ready = true;
}
server.registerTool('search', { inputSchema: { q: z.string() } }, async ({ q }) => {
  await ensureReady();
  lastAction = 'search';
  return { content: [{ type: 'text', text: q }] };
});
server.registerTool('status', {}, async () => {
  await ensureReady();
  return { content: [{ type: 'text', text: \`last: \${lastAction}\` }] };
});`,
    },
    {
      name: 'a gate reset by one tool (a literal false is no mark) and tested by another',
      code: `${HEAD}let open = false;
server.registerTool('close', {}, async () => {
  open = false;
  return { content: [] };
});
server.registerTool('read', {}, async () => (open ? { content: [] } : { isError: true, content: [] }));`,
    },
  ],
  invalid: [
    {
      name: 'a property of the context object handed to the server factory, set by one tool from its arguments and read by another (sweep 34 AH8)',
      code: `import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
interface McpContext { logDir: string; currentProject?: string }
export function createServerInstance(ctx: McpContext): McpServer {
  const mcp = new McpServer({ name: 'x', version: '1' });
  mcp.tool('set_project', 'Set the current project.', { project: z.string() }, async (args) => {
    ctx.currentProject = args.project;
    return { content: [{ type: 'text', text: args.project }] };
  });
  mcp.tool('get_logs', 'Logs of the current project.', {}, async () => ({
    content: [{ type: 'text', text: \`\${ctx.logDir}/\${ctx.currentProject ?? 'default'}.log\` }],
  }));
  return mcp;
}`,
      errors: [{ messageId: 'global', line: 7 }],
    },
    {
      name: "a field of a project subclass of McpServer (one server per client), set by one tool and read by another: `this` in the class is the server (ratiofu/mcp-puppeteer, sweep 28 AB1)",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
interface Page { url: string }
export class PageServer extends McpServer {
  private page: Page | null = null;
  constructor() {
    super({ name: 'pages', version: '1.0.0' });
    this.tool('navigate', 'Open a URL', { url: z.string() }, async ({ url }) => {
      this.page = { url };
      return { content: [{ type: 'text', text: url }] };
    });
    this.tool('current_url', 'The URL open', {}, async () => ({ content: [{ type: 'text', text: this.page?.url ?? 'none' }] }));
  }
}`,
      errors: [{ messageId: 'global', line: 9 }],
    },
    {
      name: "a low-level tools/call handler delegating to a service object's methods, whose parameter is typed with an object shape (sweep 23 W3)",
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
class FolderService {
  folder = './data';
  setFolder(args: { path?: string }) {
    this.folder = String(args.path);
    return { content: [] };
  }
  getFolder() {
    return { content: [{ type: 'text' as const, text: this.folder }] };
  }
}
const service = new FolderService();
const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments as { path?: string };
  switch (request.params.name) {
    case 'set_folder':
      return service.setFolder(args);
    case 'get_folder':
      return service.getFolder();
  }
  throw new Error('unknown tool');
});`,
      errors: [{ messageId: 'global', line: 6, column: 5 }],
    },
    {
      name: 'a channel joined by one tool (through a helper) and read by every command after it',
      code: `${HEAD}let currentChannel: string | null = null;
async function joinChannel(channelName: string): Promise<void> {
  currentChannel = channelName;
}
function sendCommand(command: string): string {
  if (!currentChannel) throw new Error('Must join a channel first');
  return \`\${currentChannel}:\${command}\`;
}
server.tool('join_channel', { channel: z.string() }, async ({ channel }) => {
  await joinChannel(channel);
  return { content: [{ type: 'text', text: 'joined' }] };
});
server.tool('get_selection', {}, async () => ({ content: [{ type: 'text', text: sendCommand('get_selection') }] }));
server.tool('get_document', {}, async () => ({ content: [{ type: 'text', text: sendCommand('get_document') }] }));`,
      errors: [{ messageId: 'global', line: 6, column: 3, data: { name: 'currentChannel', setters: '`join_channel`', readers: '`get_selection` and `get_document`', shared: 'over HTTP every caller shares it' } }],
    },
    {
      name: 'handlers built by factories that close over one module object: one tool sets its field, the other reads it (sweep 13 L3, algorand-agent)',
      code: `${HEAD}class NetworkContext {
  private current = 'testnet';
  get(): string { return this.current; }
  set(network: string): void { this.current = network; }
}
const networkContext = new NetworkContext();
function setNetworkHandler(ctx: NetworkContext) {
  return async ({ network }: { network: string }) => {
    ctx.set(network);
    return { content: [] };
  };
}
function sendPaymentHandler(ctx: NetworkContext) {
  return async ({ amount }: { amount: number }) => ({ content: [{ type: 'text' as const, text: \`\${amount} on \${ctx.get()}\` }] });
}
server.registerTool('set_network', { inputSchema: { network: z.string() } }, setNetworkHandler(networkContext));
server.registerTool('send_payment', { inputSchema: { amount: z.number() } }, sendPaymentHandler(networkContext));`,
      errors: [{ messageId: 'global', line: 7, data: { name: 'this.current', setters: '`set_network`', readers: '`send_payment`', shared: 'over HTTP it is shared by every call that reaches the object holding it (every caller, for one object per process; the calls of one session, for one built per session)' } }],
    },
    {
      name: 'a handler wrapped by a project helper (withErrors(async (args) => …)): the wrapped callback is what the tool runs',
      code: `${HEAD}let network = 'testnet';
function withErrors<A>(fn: (args: A) => Promise<{ content: [] }>) {
  return async (args: A) => {
    try {
      return await fn(args);
    } catch {
      return { content: [] as [] };
    }
  };
}
server.tool('set_network', { network: z.string() }, withErrors(async ({ network: chosen }: { network: string }) => {
  network = chosen;
  return { content: [] as [] };
}));
server.tool('get_network', {}, async () => ({ content: [{ type: 'text', text: network }] }));`,
      errors: [{ messageId: 'global', line: 15, data: { name: 'network', setters: '`set_network`', readers: '`get_network`', shared: 'over HTTP every caller shares it' } }],
    },
    {
      name: 'a property of a module object set from the arguments, with a fallback; another tool reads it',
      code: `${HEAD}const state = { project: undefined as string | undefined };
server.registerTool('open_project', { inputSchema: { project: z.string().optional() } }, async (args) => {
  state.project = args.project ?? 'default';
  return { content: [] };
});
server.registerTool('build', {}, async () => ({ content: [{ type: 'text', text: \`building \${state.project}\` }] }));`,
      errors: [{ messageId: 'global', line: 6, data: { name: 'state.project', setters: '`open_project`', readers: '`build`', shared: 'over HTTP every caller shares it' } }],
    },
    {
      name: 'a field of the server class, chosen by one tool through a method and read by another',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
export class DbServer {
  readonly server = new McpServer({ name: 'db', version: '1.0.0' });
  private currentDb: string | undefined;
  constructor() {
    this.server.registerTool('use_database', { inputSchema: { name: z.string() } }, async ({ name }) => {
      this.select(name);
      return { content: [] };
    });
    this.server.registerTool('query', { inputSchema: { sql: z.string() } }, async ({ sql }) => ({
      content: [{ type: 'text', text: \`\${this.currentDb}: \${sql}\` }],
    }));
  }
  private select(name: string) {
    this.currentDb = name;
  }
}`,
      errors: [{ messageId: 'global', line: 16, data: { name: 'this.currentDb', setters: '`use_database`', readers: '`query`', shared: 'over HTTP it is shared by every call that reaches the object holding it (every caller, for one object per process; the calls of one session, for one built per session)' } }],
    },
    {
      name: 'a tab picked by index into a local constant, then kept as the current one (playwright-mcp\'s selectTab)',
      code: `${HEAD}declare class Tab { title(): string }
class Browser {
  private tabs: Tab[] = [];
  private current: Tab | undefined;
  select(index: number) {
    const tab = this.tabs[index];
    if (!tab) throw new Error('no such tab');
    this.current = tab;
  }
  currentTitle() {
    return this.current?.title() ?? 'no tab';
  }
}
const browser = new Browser();
server.registerTool('browser_tab_select', { inputSchema: { index: z.number() } }, async ({ index }) => {
  browser.select(index);
  return { content: [] };
});
server.registerTool('browser_title', {}, async () => ({ content: [{ type: 'text', text: browser.currentTitle() }] }));`,
      errors: [{ messageId: 'global', line: 11, data: { name: 'this.current', setters: '`browser_tab_select`', readers: '`browser_title`', shared: 'over HTTP it is shared by every call that reaches the object holding it (every caller, for one object per process; the calls of one session, for one built per session)' } }],
    },
    {
      name: 'what a "connect" tool builds from its arguments (a call taking them, an object literal holding them)',
      code: `${HEAD}declare function openDatabase(path: string): { query(sql: string): string };
let db: ReturnType<typeof openDatabase> | undefined;
let workspace: { root: string } | undefined;
server.registerTool('connect_db', { inputSchema: { path: z.string() } }, async ({ path }) => {
  db = openDatabase(path);
  return { content: [] };
});
server.registerTool('open_workspace', { inputSchema: { root: z.string() } }, async ({ root }) => {
  workspace = { root };
  return { content: [] };
});
server.registerTool('query', { inputSchema: { sql: z.string() } }, async ({ sql }) => ({ content: [{ type: 'text', text: \`\${workspace?.root}: \${db?.query(sql)}\` }] }));`,
      errors: [
        { messageId: 'global', line: 8, data: { name: 'db', setters: '`connect_db`', readers: '`query`', shared: 'over HTTP every caller shares it' } },
        { messageId: 'global', line: 12, data: { name: 'workspace', setters: '`open_workspace`', readers: '`query`', shared: 'over HTTP every caller shares it' } },
      ],
    },
    {
      name: 'more than four readers are counted, not listed',
      code: `${HEAD}let workspace = '';
server.registerTool('set_workspace', { inputSchema: { path: z.string() } }, async ({ path }) => {
  workspace = path;
  return { content: [] };
});
server.registerTool('ls', {}, async () => ({ content: [{ type: 'text', text: workspace }] }));
server.registerTool('cat', {}, async () => ({ content: [{ type: 'text', text: workspace }] }));
server.registerTool('grep', {}, async () => ({ content: [{ type: 'text', text: workspace }] }));
server.registerTool('find', {}, async () => ({ content: [{ type: 'text', text: workspace }] }));
server.registerTool('stat', {}, async () => ({ content: [{ type: 'text', text: workspace }] }));`,
      errors: [{ messageId: 'global', line: 6, data: { name: 'workspace', setters: '`set_workspace`', readers: '`ls`, `cat`, `grep`, `find` and 1 more tools', shared: 'over HTTP every caller shares it' } }],
    },
    {
      name: 'a gate: one tool sets a flag and a phase, the others test them before they run (session_init first)',
      code: `${HEAD}let initialized = false;
let phase: 'idle' | 'ready' = 'idle';
server.registerTool('session_init', {}, async () => {
  initialized = true;
  phase = 'ready';
  return { content: [{ type: 'text', text: 'ok' }] };
});
server.registerTool('do_work', { inputSchema: { job: z.string() } }, async ({ job }) => {
  if (!initialized) return { isError: true, content: [{ type: 'text', text: 'Call session_init first.' }] };
  return { content: [{ type: 'text', text: phase !== 'ready' ? 'not ready' : job }] };
});`,
      errors: [
        { messageId: 'gate', line: 7, column: 3, data: { name: 'initialized', setters: '`session_init`', readers: '`do_work`', shared: 'over HTTP one caller\'s `session_init` opens the gate for every caller' } },
        { messageId: 'gate', line: 8, data: { name: 'phase', setters: '`session_init`', readers: '`do_work`', shared: 'over HTTP one caller\'s `session_init` opens the gate for every caller' } },
      ],
    },
    {
      name: 'a gate kept in a field of a class, set through a method by one tool and checked by another',
      code: `${HEAD}class Workflow {
  private started = false;
  start() {
    this.started = true;
  }
  check() {
    if (!this.started) throw new Error('call start_workflow first');
  }
}
const workflow = new Workflow();
server.registerTool('start_workflow', {}, async () => {
  workflow.start();
  return { content: [] };
});
server.registerTool('step', {}, async () => {
  workflow.check();
  return { content: [] };
});`,
      errors: [{ messageId: 'gate', line: 7, data: { name: 'this.started', setters: '`start_workflow`', readers: '`step`', shared: 'over HTTP it is shared by every call that reaches the object holding it (every caller, for one object per process; the calls of one session, for one built per session)' } }],
    },
  ],
});
