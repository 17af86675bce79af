/**
 * The marker apply leaves on a Cloudflare McpAgent class stands for the session findings inside the class (`scan`
 * reports it in their place), so it carries what each of them needs: the state, the props, the session id (sweep 10
 * H4: the props advice vanished from the re-scan with the finding).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { scan } from '../../src/scan.js';
import { tempTree } from '../support/temp-tree.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/agents-mcpagent');

describe('the McpAgent class marker', () => {
  it('says what the state, props and session id reads inside the class need', async () => {
    const dir = tempTree({
      'package.json': fs.readFileSync(path.join(FIXTURE, 'package.json'), 'utf8'),
      'src/index.ts': fs.readFileSync(path.join(FIXTURE, 'src/index.ts'), 'utf8'),
      'src/env.d.ts': fs.readFileSync(path.join(FIXTURE, 'src/env.d.ts'), 'utf8'),
    });
    const before = await scan({ paths: [dir] });
    const inner = before.findings.filter((f) => f.file === 'src/index.ts' && f.line > 8 && f.ruleId.startsWith('session-state/'));
    expect(inner.length).toBeGreaterThan(0);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, dryRun: true, typecheck: false });
    const marker = result.markers.find((m) => m.ruleId === 'session-state/per-session-server' && m.file.endsWith('index.ts'));
    expect(marker?.message).toContain('Inside it: McpAgent state');
    expect(marker?.message).toContain('Inside it: `this.props` is what the Worker put in `ctx.props`');
    expect(marker?.message).toContain('Inside it: `this.getSessionId()` is the MCP session id');
  });
});

describe('McpAgent members reached through an instance', () => {
  it('an agent handed to a helper (`agent.elicitInput()`, the parameter typed as the McpAgent subclass) is reported as `this.elicitInput()` is (sweep 11 J3)', async () => {
    const dir = tempTree({
      'package.json': JSON.stringify({ name: 'notes', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.19.1', agents: '^0.2.0' } }),
      'src/index.ts': `import { McpAgent } from 'agents/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerTools } from './tools.ts';

export class NotesMCP extends McpAgent {
  server = new McpServer({ name: 'notes', version: '1.0.0' });
  async init() {
    registerTools(this);
  }
}
`,
      'src/tools.ts': `import { type NotesMCP } from './index.ts';

async function confirm(agent: NotesMCP, message: string) {
  const result = await agent.elicitInput({ message, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
  return result.action === 'accept';
}

export function registerTools(agent: NotesMCP) {
  agent.server.registerTool('delete_note', { description: 'Deletes a note.' }, async () => {
    if (!(await confirm(agent, 'Delete?'))) return { content: [{ type: 'text', text: 'cancelled' }] };
    return { content: [{ type: 'text', text: 'deleted' }] };
  });
}
`,
    });
    const report = await scan({ paths: [dir] });
    const elicitation = report.findings.filter((f) => f.ruleId === 'server-push/elicitation');
    expect(elicitation.map((f) => `${f.file}:${f.line}`)).toEqual(['src/tools.ts:4']);
    expect(elicitation[0]!.message).toContain("The agent's `elicitInput()` sends a server→client request over the session");
    // In JavaScript the parameter's type is its JSDoc `@param`.
    const js = tempTree({
      'package.json': JSON.stringify({ name: 'notes-js', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.19.1', agents: '^0.2.0' } }),
      'src/index.js': `import { McpAgent } from 'agents/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerTools } from './tools.js';

export class NotesMCP extends McpAgent {
  server = new McpServer({ name: 'notes', version: '1.0.0' });
  async init() {
    registerTools(this);
  }
}
`,
      'src/tools.js': `import { NotesMCP } from './index.js';

/** @param {NotesMCP} agent */
export function registerTools(agent) {
  agent.server.registerTool('delete_note', { description: 'Deletes a note.' }, async () => {
    const answer = await agent.elicitInput({ message: 'Delete?', requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: answer.action }] };
  });
}
`,
    });
    const jsReport = await scan({ paths: [js] });
    expect(jsReport.findings.filter((f) => f.ruleId === 'server-push/elicitation').map((f) => `${f.file}:${f.line}`)).toEqual(['src/tools.js:6']);
    // A name typed as some other class (not an McpAgent) is not an agent.
    const plain = tempTree({
      'package.json': JSON.stringify({ name: 'plain', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.19.1' } }),
      'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
class Prompter { async elicitInput(message: string) { return message; } }
export function register(server: McpServer, prompter: Prompter) {
  server.registerTool('ask', { description: 'Asks.' }, async () => ({ content: [{ type: 'text', text: await prompter.elicitInput('x') }] }));
}
`,
    });
    expect((await scan({ paths: [plain] })).findings.filter((f) => f.ruleId === 'server-push/elicitation')).toEqual([]);
  });
});
