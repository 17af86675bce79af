/**
 * A project's own declaration file (`types.d.ts`) is never scanned itself, but the analysis loads it for context when a
 * module imports it, so that the types it declares resolve: a tool handler whose `extra` is typed by an alias declared
 * there (`type HandlerExtra = RequestHandlerExtra<…>`, mplabs/anylist-mcp) is a handler like any other (sweep 27 AA10).
 */
import { describe, expect, it } from 'vitest';
import { declarationFileCandidates } from '../../src/discovery/resolve.js';
import { runCli } from '../support/run-cli.js';
import { tempTree } from '../support/temp-tree.js';

const DECLARATIONS = [
  'import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";',
  'import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";',
  '',
  'export type HandlerExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;',
  '',
].join('\n');

const HANDLERS = [
  'import type { HandlerExtra as Extra } from "./types.js";',
  '',
  '// per-session shopping list',
  'const lists = new Map<string, string[]>();',
  '',
  'export async function handleAddItem(input: { name: string }, extra: Extra) {',
  '  const items = lists.get(extra.sessionId ?? "default") ?? [];',
  '  items.push(input.name);',
  '  lists.set(extra.sessionId ?? "default", items);',
  '  return { content: [{ type: "text" as const, text: `${items.length} items` }] };',
  '}',
  '',
  'export const TOOL_HANDLERS = { add_item: handleAddItem };',
  '',
].join('\n');

const SERVER = [
  'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
  'import { z } from "zod";',
  'import { TOOL_HANDLERS } from "./handlers.js";',
  '',
  'export function buildServer() {',
  '  const server = new McpServer({ name: "lists", version: "1.0.0" });',
  '  server.registerTool("add_item", { description: "Add an item", inputSchema: { name: z.string() } }, TOOL_HANDLERS.add_item);',
  '  return server;',
  '}',
  '',
].join('\n');

async function findings(files: Record<string, string>): Promise<string[]> {
  const dir = tempTree({ 'package.json': JSON.stringify({ name: 'lists', type: 'module' }), ...files });
  const run = await runCli(['scan', '.', '--format', 'json', '--fail-on', 'none'], { cwd: dir });
  const report = JSON.parse(run.stdout) as { findings: Array<{ ruleId: string; file: string; line: number }>; summary: { filesScanned: number } };
  return report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`);
}

describe('project declaration files as context', () => {
  it('resolves a handler context type declared in the project\'s .d.ts: the store it keys and the reads are reported, as with the alias in a .ts module', async () => {
    const expected = ['src/handlers.ts:4 session-state/keyed-store', 'src/handlers.ts:7 session-state/session-id-read', 'src/handlers.ts:9 session-state/session-id-read'];
    expect(await findings({ 'src/types.d.ts': DECLARATIONS, 'src/handlers.ts': HANDLERS, 'src/server.ts': SERVER })).toEqual(expected);
    expect(await findings({ 'src/types.ts': DECLARATIONS, 'src/handlers.ts': HANDLERS, 'src/server.ts': SERVER })).toEqual(expected);
  });

  it('names the declaration files a relative specifier may stand for, by the extension it is written with', () => {
    expect(declarationFileCandidates('/p/src/a.ts', './types.js')).toEqual(['/p/src/types.d.ts', '/p/src/types.js.d.ts', '/p/src/types.js/index.d.ts']);
    expect(declarationFileCandidates('/p/src/a.mts', '../lib/api.mjs')).toEqual(['/p/lib/api.d.mts', '/p/lib/api.mjs.d.ts', '/p/lib/api.mjs/index.d.ts']);
    expect(declarationFileCandidates('/p/src/a.ts', './types')).toEqual(['/p/src/types.d.ts', '/p/src/types/index.d.ts']);
    expect(declarationFileCandidates('/p/src/a.ts', '@modelcontextprotocol/sdk/types.js')).toEqual([]);
  });
});
