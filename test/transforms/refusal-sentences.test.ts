/**
 * A refusal's reason joins the advice as a sentence of its own (sweep 25 Y7: with --modern-only the reason of a
 * transport made in a controller method ran into the next sentence, "…with a block body Serve the endpoint…").
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { parseMarkers } from '../../src/markers.js';
import { removeTempTrees, tempTree } from '../support/temp-tree.js';

const CONTROLLER = `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

declare function getPlugin(name: string): { sessions: Map<string, { transport: StreamableHTTPServerTransport }> };

// A Koa-style controller object, as Strapi routes call it (handler: 'mcp.handle').
const mcpController = ({ strapi }: { strapi: { log: { debug(message: string): void } } }) => ({
  async handle(ctx: any) {
    const plugin = getPlugin('demo');
    const sid = ctx.request.headers['mcp-session-id'] as string | undefined;
    let session = sid ? plugin.sessions.get(sid) : undefined;
    if (!session) {
      const sessionId = randomUUID();
      const server = new McpServer({ name: 'demo', version: '1.0.0' });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
      await server.connect(transport);
      strapi.log.debug(\`session \${sessionId}\`);
      session = { transport };
      plugin.sessions.set(sessionId, session);
    }
    await session.transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
    ctx.respond = false;
  },
});
export default mcpController;
`;

describe('refusal sentences', () => {
  afterAll(removeTempTrees);

  it('ends the reason before the advice (--modern-only gives the reason; the default run names none)', async () => {
    for (const modernOnly of [true]) {
      const dir = tempTree({ 'src/controller.ts': CONTROLLER });
      await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sdk-v2', 'stateless-serving'], transformOptions: { modernOnly } });
      const markers = parseMarkers(fs.readFileSync(path.join(dir, 'src/controller.ts'), 'utf8')).filter((m) => m.message.includes('It is not rewritten: '));
      expect(markers.length, `modernOnly ${modernOnly}`).toBeGreaterThan(0);
      for (const m of markers) expect(m.message, `modernOnly ${modernOnly}`).toMatch(/It is not rewritten: [^.]*\. [A-Z]/);
    }
  });

  it('names the factory a stdio server is built with when a module variable keeps it for shutdown (sweep 26 Z3: it said to write a factory the project had)', async () => {
    const dir = tempTree({
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function createServer(): McpServer {
  return new McpServer({ name: 'z3', version: '1.0.0' });
}
`,
      'src/index.ts': `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer } from './server.js';
let activeServer: ReturnType<typeof createServer> | undefined;
async function main(): Promise<void> {
  activeServer = createServer();
  await activeServer.connect(new StdioServerTransport());
}
process.once('SIGINT', () => {
  void activeServer?.close().finally(() => process.exit(0));
});
void main();
`,
    });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sdk-v2', 'stateless-serving'] });
    const [marker] = parseMarkers(fs.readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).filter((m) => m.ruleId === 'session-state/per-session-server');
    expect(marker?.message).toContain("the server comes from the project's factory `createServer()` and is kept in `activeServer`");
    expect(marker?.message).toContain('close what `serveStdio` returns there instead');
    expect(marker?.message).toContain('Serve with `serveStdio(createServer)`');
    expect(marker?.message).not.toContain('write one if the project has none');
  });

  it('names the factory a helper is handed, and the web-standard idiom, when it makes a sessionful web-standard transport (sweep 26 Z6)', async () => {
    const server = `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
export function createServer(): McpServer {
  return new McpServer({ name: 'z6', version: '1.0.0' });
}
const startNewSession = async (req: Request, body: unknown, transports: Record<string, WebStandardStreamableHTTPServerTransport>, buildServer: () => McpServer): Promise<Response> => {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sid) => {
      transports[sid] = transport;
    },
  });
  await buildServer().connect(transport);
  return transport.handleRequest(req, { parsedBody: body });
};
const transports: Record<string, WebStandardStreamableHTTPServerTransport> = {};
export async function handle(request: Request, makeServer: () => McpServer): Promise<Response> {
  const sessionId = request.headers.get('mcp-session-id');
  if (sessionId && transports[sessionId]) return transports[sessionId].handleRequest(request);
  return startNewSession(request, await request.json(), transports, makeServer);
}
export const fetch = (request: Request) => handle(request, createServer);
`;
    const dir = tempTree({ 'src/server.ts': server });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'], transformOptions: { target: 'stateless-v1' } });
    const [marker] = parseMarkers(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).filter((m) => m.message.includes('startNewSession'));
    expect(marker?.message).toContain('the server factory is `buildServer`, a parameter of `startNewSession()` (its callers pass `makeServer`)');
    expect(marker?.message).toContain('return transport.handleRequest(request, { parsedBody })');
    expect(marker?.message).not.toContain('declared inside the route');
    expect(marker?.message).not.toContain('handleRequest(req, res');
  });
});
