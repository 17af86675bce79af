// @ts-check
/**
 * A tool backend built per connection from one of several factories (playwright-mcp's program.ts shape, SDK 1.x,
 * plain JavaScript): the page backend is what most set-ups build (two of them), a relay and a scripted backend
 * one each. The marker at the server's creation names the handle after the object a session usually holds
 * (`create_page`, `page_id`), not after the role word every class shares.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * @typedef {object} ToolBackend
 * @property {() => import('@modelcontextprotocol/sdk/types.js').Tool[]} tools
 * @property {(name: string, args: Record<string, unknown>) => Promise<import('@modelcontextprotocol/sdk/types.js').CallToolResult>} callTool
 */

/** @implements {ToolBackend} */
class PageBackend {
  /** @param {{ headless: boolean }} options */
  constructor(options) {
    this.options = options;
    /** @type {string[]} */
    this.history = [];
  }

  tools() {
    return [{ name: 'goto', inputSchema: { type: /** @type {const} */ ('object'), properties: { url: { type: 'string' } } } }];
  }

  /** @param {string} name @param {Record<string, unknown>} args */
  async callTool(name, args) {
    this.history.push(String(args.url));
    return { content: [{ type: /** @type {const} */ ('text'), text: `${name} (${this.options.headless ? 'headless' : 'headed'}): ${this.history.length} pages` }] };
  }
}

/** @implements {ToolBackend} */
class RelayBackend {
  constructor() {
    this.relayed = 0;
  }

  tools() {
    return [];
  }

  /** @param {string} name */
  async callTool(name) {
    this.relayed += 1;
    return { content: [{ type: /** @type {const} */ ('text'), text: `relayed ${name} (${this.relayed})` }], isError: true };
  }
}

/** @implements {ToolBackend} */
class ScriptedToolsBackend {
  constructor() {
    /** @type {string[]} */
    this.ran = [];
  }

  tools() {
    return [{ name: 'run_script', inputSchema: { type: /** @type {const} */ ('object') } }];
  }

  /** @param {string} name */
  async callTool(name) {
    this.ran.push(name);
    return { content: [{ type: /** @type {const} */ ('text'), text: `${name} done (${this.ran.length} runs)` }] };
  }
}

/** @param {ToolBackend} backend */
export function createServer(backend) {
  const server = new Server({ name: 'pages', version: '0.9.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: backend.tools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => backend.callTool(request.params.name, request.params.arguments ?? {}));
  return server;
}

/** @param {() => ToolBackend} backendFactory @param {StreamableHTTPServerTransport} transport */
async function connect(backendFactory, transport) {
  const backend = backendFactory();
  // @mcp-migrate-todo(session-state/per-session-server): `createServer(backend)` runs once per session, with `ScriptedToolsBackend`, `RelayBackend`, `PageBackend` (`backend`, built by `backendFactory()`) made for it: one object per connection, shared by every call of it. On 2026-07-28 a server is built per request, so the object would be made, and lost, on every call. Make it a handle: a `create_page` tool (or the tool that already opens it) builds it, keeps it in a registry bound to the caller with expiry (createHandleRegistry, as the handles transform generates in mcp-handles) and returns a `page_id`; every other tool takes `page_id`, is refused unless the caller owns it, and dispatches to that object; close the object when its handle expires. Here the server reaches `backend` only through its members (`backend.tools()` in the handler of `ListToolsRequestSchema`; `backend.callTool()` in the handler of `CallToolRequestSchema`), and the handler of `CallToolRequestSchema` forwards every call's arguments to `backend.callTool()`, so the change is in `createServer()` and its callers, not in each tool: (1) give `createServer()` `backendFactory` instead of the object, so a server built per request can build and find objects; (2) list `create_page` with the object's tools (the handler of `ListToolsRequestSchema`), each with a required `page_id` in its inputSchema; (3) in the handler of `CallToolRequestSchema`, answer `create_page` by building the object and minting the handle; for any other tool take `page_id` out of the arguments, look the object up (an unknown, foreign or expired handle is a tool error naming `create_page`) and call `backend.callTool()` with the rest; (4) release the object when its handle expires; (5) then serve each request with a fresh server.
  const server = createServer(backend);
  await server.connect(transport);
}

/** @param {() => ToolBackend} backendFactory @param {number} port */
function listen(backendFactory, port) {
  /** @type {Map<string, StreamableHTTPServerTransport>} */
  // @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
  const transports = new Map();
  http
    .createServer(async (req, res) => {
      const sessionId = req.headers['mcp-session-id'];
      const existing = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (existing) return existing.handleRequest(req, res);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, transport);
        },
      });
      await connect(backendFactory, transport);
      await transport.handleRequest(req, res);
    })
    .listen(port);
}

const mode = process.env.PAGES_MODE ?? 'headless';
if (mode === 'scripted') listen(() => new ScriptedToolsBackend(), 3001);
else if (mode === 'relay') listen(() => new RelayBackend(), 3001);
else listen(() => new PageBackend({ headless: mode === 'headless' }), 3001);
listen(() => new PageBackend({ headless: true }), 3002);
