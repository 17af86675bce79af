/**
 * The tool model (src/analysis/tools.ts): which registrations are tools, and where each one's input schema is. The
 * description of `server.tool(name, description, schema, cb)` is a string however it is written; taking a computed
 * one for the schema hid the tool's arguments (ttommyth/interactive-mcp, sweep 9).
 */
import { describe, expect, it } from 'vitest';
import { defineRule } from '../../src/rules/rule.js';
import { runRule } from '../support/rule-tester.js';

const listTools = defineRule({
  meta: {
    id: 'test/tools',
    category: 'session-state',
    severity: 'info',
    fix: 'manual',
    summary: 'lists tools',
    messages: { tool: '{{name}} {{api}} schema={{schema}} ctx={{ctx}}' },
    spec: '',
  },
  create(context) {
    return {
      end() {
        for (const tool of context.analysis.tools) {
          const schema = tool.schema.kind + (tool.schema.node ? `(${tool.schema.node.properties.map((p) => p.name?.getText()).join(',')})` : '');
          context.report({ node: tool.nameNode, messageId: 'tool', data: { name: tool.name, api: tool.api, schema, ctx: String(tool.contextIndex) } });
        }
      },
    };
  },
});

const tools = (code: string): string[] => runRule(listTools, code).findings.map((f) => `${f.line}: ${f.message}`);

describe('server.tool registrations', () => {
  it('a computed description (a conditional, a template, a concatenation, a join, any expression before a schema) is not the schema', () => {
    expect(
      tools(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'chat', version: '1.0.0' });
const verbose = process.env.VERBOSE === '1';
const who = 'the user';
server.tool('ask', verbose ? 'Ask the user a question in the open chat.' : 'Ask.', { sessionId: z.string(), question: z.string() }, async () => ({ content: [] }));
server.tool('stop', \`Stop the chat with \${who}\`, { sessionId: z.string() }, async () => ({ content: [] }));
server.tool('start', 'Start ' + who, { title: z.string() }, { readOnlyHint: false }, async () => ({ content: [] }));
server.tool('list', ['List', 'chats'].join(' '), async () => ({ content: [] }));
server.tool('ping', { readOnlyHint: true }, async () => ({ content: [] }));
server.tool('echo', { text: z.string() }, { readOnlyHint: true }, async () => ({ content: [] }));
const chat = { describe: (s: number) => \`Chat for \${s} s\`, schema: { sessionId: z.string() } };
server.tool('chat', typeof chat.describe === 'function' ? chat.describe(30) : chat.describe, chat.schema, async () => ({ content: [] }));`),
    ).toEqual([
      '6: ask tool schema=zod-raw-shape(sessionId,question) ctx=1',
      '7: stop tool schema=zod-raw-shape(sessionId) ctx=1',
      '8: start tool schema=zod-raw-shape(title) ctx=1',
      '9: list tool schema=none ctx=0',
      '10: ping tool schema=none ctx=0',
      '11: echo tool schema=zod-raw-shape(text) ctx=1',
      '13: chat tool schema=opaque ctx=1',
    ]);
  });
});
