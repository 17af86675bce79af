/**
 * A tool module that imports no SDK (its server comes in as a parameter) is on the SDK line of the program's SDK files
 * (sweep 37 AK5): once they are all on v2, its awaited elicitation is rewritten; with files on both lines it stays marked.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { removeTempTrees, tempTree } from '../support/temp-tree.js';

afterAll(removeTempTrees);

const tool = `export function withdraw(server) {
  server.registerTool('withdraw', { description: 'Withdraw funds' }, async () => {
    const confirmation = await server.server.elicitInput({ message: 'Withdraw?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } });
    return { content: [{ type: 'text', text: confirmation.action }] };
  });
}
`;
const index = (extra = '') => `import { McpServer } from '@modelcontextprotocol/server';
import { withdraw } from './withdraw.js';
${extra}export const server = new McpServer({ name: 'wallet', version: '1.0.0' });
withdraw(server);
`;

describe('MRTR in a module without an SDK import', () => {
  it('is rewritten when every SDK file of the program is on v2', async () => {
    const dir = tempTree({ 'package.json': '{ "type": "module" }', 'src/index.js': index(), 'src/withdraw.js': tool });
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sampling-elicitation-to-mrtr'] });
    const out = fs.readFileSync(path.join(dir, 'src/withdraw.js'), 'utf8');
    expect(out).toContain("inputResponse(ctx.mcpReq.inputResponses, 'confirmation')");
    expect(result.markers.filter((m) => m.file.endsWith('withdraw.js'))).toEqual([]);
  });

  it('stays marked when the program has files on both SDK lines', async () => {
    const dir = tempTree({ 'package.json': '{ "type": "module" }', 'src/index.js': index("import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nimport { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';\nvoid Client; void StdioServerTransport;\n"), 'src/withdraw.js': tool });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sampling-elicitation-to-mrtr'] });
    expect(fs.readFileSync(path.join(dir, 'src/withdraw.js'), 'utf8')).toContain('@mcp-migrate-todo(server-push/elicitation)');
  });

  it('names the tool that reaches a subclass method sending the request, through a JSDoc-typed tool module registered from an array (sweep 37 AK2)', async () => {
    const dir = tempTree({
      'package.json': '{ "type": "module" }',
      'src/server.js': "import { McpServer } from '@modelcontextprotocol/server';\nexport class WalletServer extends McpServer {\n  registerTools(tools) {\n    for (const tool of tools) tool(this);\n    return this;\n  }\n  async confirm(message) {\n    return this.server.elicitInput({ message, requestedSchema: { type: 'object', properties: {} } });\n  }\n}\n",
      'src/index.js': "import { WalletServer } from './server.js';\nimport { withdraw } from './withdraw.js';\nexport const server = new WalletServer({ name: 'w', version: '1' }).registerTools([withdraw]);\n",
      'src/withdraw.js': "/** @typedef {import('./server.js').WalletServer} WalletServer */\n/** @param {WalletServer} server */\nexport function withdraw(server) {\n  server.registerTool('withdraw', { description: 'Withdraw' }, async () => {\n    const answer = await server.confirm('Withdraw?');\n    return { content: [{ type: 'text', text: answer.action }] };\n  });\n}\n",
    });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sampling-elicitation-to-mrtr'] });
    expect(fs.readFileSync(path.join(dir, 'src/server.js'), 'utf8')).toContain('sent from `confirm`, which the tool `withdraw` calls');
  });
});
