/**
 * Edge cases of the handshake and multi-round-trip rewrites on low-level handlers (session 9): the
 * placeholder before a parameterless handler's context, and the dispatcher branch's limits. The
 * shapes themselves are the fixture pairs in transforms/__testfixtures__ (list-handler-no-params-v2,
 * dispatcher-branch, dispatcher-not-rewritten).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { removeTempTrees, tempTree } from '../support/temp-tree.js';

afterAll(removeTempTrees);

async function applied(code: string, transform: string, target?: 'stateless-v1'): Promise<string> {
  const dir = tempTree({ 'server.ts': code });
  await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [transform], transformOptions: target ? { target } : {} });
  return fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
}

const HEADER = `import { Server } from '@modelcontextprotocol/server';
export const server = new Server({ name: 's', version: '1.0.0' }, { capabilities: { resources: {}, tools: {} } });
`;

describe('handshake: a parameterless low-level handler', () => {
  it('gets `_req` before its context when it already uses `_request`', async () => {
    const out = await applied(
      `${HEADER}server.setRequestHandler('resources/list', async () => {
  const _request = 'about://client';
  const client = server.getClientVersion();
  return { resources: [{ uri: _request, name: client?.name ?? 'client' }] };
});
`,
      'handshake-to-request-envelope',
    );
    expect(out).toContain("server.setRequestHandler('resources/list', async (_req, ctx) => {");
    // The fallback may be laid out on its own line (the statement runs past the file's width).
    expect(out).toMatch(/\?\.\[CLIENT_INFO_META_KEY\] \?\?\s+server\.getClientVersion\(\)/);
  });
});

describe('mrtr: one tool branch of a low-level tools/call handler', () => {
  const dispatcher = (branchBody: string, test = "name === 'ask'") => `${HEADER}server.setRequestHandler('tools/call', async (request, ctx) => {
  const { name } = request.params;
  if (name === 'other') {
    console.error('other tool');
    return { content: [] };
  }
  if (${test}) {
${branchBody}
  }
  throw new Error('unknown tool');
});
`;
  const ask = `    const answer = await ctx.mcpReq.elicitInput({ mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
    return { content: [{ type: 'text' as const, text: JSON.stringify(answer) }] };`;

  it('is rewritten when the earlier branches test the same const name against other tools', async () => {
    const out = await applied(dispatcher(ask), 'sampling-elicitation-to-mrtr');
    expect(out).toContain("const answerResponse = inputResponse(ctx.mcpReq.inputResponses, 'answer');");
    expect(out).not.toContain('@mcp-migrate-todo');
  });

  it('is marked when the branch tests something else than the tool name', async () => {
    const out = await applied(dispatcher(ask, "name.startsWith('ask')"), 'sampling-elicitation-to-mrtr');
    expect(out).toContain('@mcp-migrate-todo(server-push/elicitation)');
    expect(out).not.toContain('const answerResponse');
  });

  it('is marked when the branch logs before the request (it would log again on the retry)', async () => {
    const out = await applied(dispatcher(`    console.error('asking');\n${ask}`), 'sampling-elicitation-to-mrtr');
    expect(out).toMatch(/@mcp-migrate-todo\(server-push\/elicitation\): not rewritten automatically: a statement with side effects before the request/);
  });

  it('is marked on --target stateless-v1 (SDK 1.x has no input requests)', async () => {
    const out = await applied(dispatcher(ask), 'sampling-elicitation-to-mrtr', 'stateless-v1');
    expect(out).toContain('@mcp-migrate-todo(server-push/elicitation)');
    expect(out).not.toContain('const answerResponse');
  });
});

describe('server push: a list change sent to a client as it connects (CircleCI, sweep 10)', () => {
  const code = `import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
export const server = new McpServer({ name: 's', version: '1.0.0' });
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  server.sendToolListChanged();
  await transport.handleRequest(req, res, req.body);
  if (req.body?.method === 'initialize') {
    server.sendToolListChanged();
  }
  setTimeout(() => server.sendToolListChanged(), 1000);
});
`;

  it('is marked as a nudge, not published to every listener; a send from a timer is a change and is published', async () => {
    const out = await applied(code, 'server-push-markers');
    const nudges = out.split('\n').filter((l) => l.includes('a nudge to that connection, not a change of the list'));
    expect(nudges).toHaveLength(2);
    expect(out.match(/^\s*server\.sendToolListChanged\(\);$/gm)).toHaveLength(2);
    expect(out).toContain("setTimeout(() => void publishServerEvent(server, { kind: 'tools_list_changed' }), 1000);");
  });

  it('is a change when something runs between the connect and the send (tools registered after connecting; recheck N2)', async () => {
    const out = await applied(`import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
export const server = new McpServer({ name: 's', version: '1.0.0' });
async function loadPlugins(s: McpServer) {
  s.registerTool('plugin', { description: 'p' }, async () => ({ content: [] }));
}
export async function main() {
  await server.connect(new StdioServerTransport());
  console.error('connected');
  await loadPlugins(server);
  server.sendToolListChanged();
}
`, 'server-push-markers');
    expect(out).not.toContain('a nudge to that connection');
    expect(out).toContain("publishServerEvent(server, { kind: 'tools_list_changed' })");
  });
});

describe('server push: a removed ping in code written without semicolons (review 39c T3)', () => {
  it('leaves the next line its `;` guard, so it does not join the line above', async () => {
    const out = await applied(
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
export const server = new McpServer({ name: 's', version: '1.0.0' })
const seen: number[] = []
export async function tick () {
  seen.push(1)
  await server.server.ping()
  ;[1, 2].forEach((n) => seen.push(n))
  return seen.length
}
`,
      'server-push-markers',
      'stateless-v1',
    );
    expect(out).not.toContain('ping()');
    expect(out).toContain('  seen.push(1)\n  ;[1, 2].forEach((n) => seen.push(n))\n');
  });
});
