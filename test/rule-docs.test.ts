/**
 * Every rule page's samples are checked against the rule itself: the "Before" sample, scanned,
 * gives that rule's finding on every line marked `// ← finding`, and the "After" sample scans
 * clean. A page whose example drifts from what the rule does fails here.
 *
 * The samples are excerpts (they start at the interesting line), so each is scanned after a
 * prelude of the SDK imports they use and an `McpServer` named `server` when the sample does
 * not declare one. A page that needs more context gets it in PAGE_CONTEXT, said out loud.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/rules/index.js';
import { runRule } from './support/rule-tester.js';

const ROOT = path.resolve(import.meta.dirname, '..');

const SDK_IMPORTS = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
  "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
  "import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';",
  "import { isInitializeRequest, InitializeRequestSchema, SetLevelRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema, RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';",
];
const SAMPLE_IMPORT = /^import .* from '@modelcontextprotocol\/sdk\/(?:server\/(?:mcp|index|streamableHttp|sse)|types)\.js';$/;

/** Declarations a page's excerpt refers to without showing. */
const PAGE_CONTEXT: Record<string, string> = {
  'server-push/change-notification': 'const sessions = new Map<string, { server: McpServer }>();',
};

/** The first fenced code block after `**<label>**`. */
function sample(doc: string, label: 'Before' | 'After'): string | undefined {
  const at = doc.indexOf(`**${label}**`);
  if (at < 0) return undefined;
  return /```\w*\n([\s\S]*?)```/.exec(doc.slice(at))?.[1];
}

/** The sample as a scannable file: the prelude, then the sample without the imports the prelude has. */
function scannable(code: string, ruleId: string): string {
  const body = code.split('\n').filter((line) => !SAMPLE_IMPORT.test(line.trim()));
  const prelude = [...SDK_IMPORTS];
  if (!/\b(?:const|let|var)\s+server\b/.test(body.join('\n'))) prelude.push("const server = new McpServer({ name: 'docs', version: '1.0.0' });");
  if (PAGE_CONTEXT[ruleId]) prelude.push(PAGE_CONTEXT[ruleId]!);
  return [...prelude, ...body].join('\n');
}

describe.each(RULES.map((rule) => [rule.meta.id, rule] as const))('docs/rules/%s.md', (id, rule) => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/rules', `${id}.md`), 'utf8');
  const before = sample(doc, 'Before');
  const after = sample(doc, 'After');

  it('has a Before and an After sample, and marks the lines the rule flags', () => {
    expect(before).toBeDefined();
    expect(after).toBeDefined();
    expect(before).toContain('← finding');
  });

  it('"Before", scanned, gives this rule\'s finding on every marked line', () => {
    const text = scannable(before!, id);
    const result = runRule(rule, text);
    expect(result.diagnostics).toEqual([]);
    const marked = text.split('\n').flatMap((line, i) => (line.includes('← finding') ? [i + 1] : []));
    const found = new Set(result.findings.map((f) => f.line));
    expect(marked.filter((line) => !found.has(line)).map((line) => text.split('\n')[line - 1]!.trim())).toEqual([]);
  });

  it('"After", scanned, is clean', () => {
    const result = runRule(rule, scannable(after!, id));
    expect(result.diagnostics).toEqual([]);
    expect(result.findings.map((f) => `${f.line}: ${f.message}`)).toEqual([]);
  });
});
