/**
 * Every caller of a helper, not the first one found: a parameter's value considers all callers, and a
 * session read deep in a helper knows every chain (every tool) that reaches it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineRule } from '../src/rules/rule.js';
import ping from '../src/rules/server-push/ping.js';
import sessionIdRead from '../src/rules/session-state/session-id-read.js';
import { runRule } from './support/rule-tester.js';

const listPaths = defineRule({
  meta: {
    id: 'test/paths',
    category: 'session-state',
    severity: 'info',
    fix: 'manual',
    summary: 'lists the paths of each session read',
    messages: { path: '{{path}}' },
    spec: '',
  },
  create(context) {
    return {
      end() {
        for (const read of context.analysis.sessions.reads) {
          const paths = read.paths.map((p) => p.map((hop) => hop.text).join(' → '));
          context.report({ node: read.node, messageId: 'path', data: { path: paths.join(' || ') } });
        }
      },
    };
  },
});

function fixtureFiles(name: string): Record<string, string> {
  const root = path.resolve(import.meta.dirname, '../fixtures', name);
  const out: Record<string, string> = {};
  for (const rel of fs.readdirSync(path.join(root, 'src'), { recursive: true }) as string[]) {
    if (/\.[cm]?[jt]s$/.test(rel)) out[`src/${rel}`] = fs.readFileSync(path.join(root, 'src', rel), 'utf8');
  }
  return out;
}

describe('every caller of a helper', () => {
  it('v1-streamable-express: the carts read in cartKey is reached from every cart tool and from clearCart', () => {
    const result = runRule(listPaths, fixtureFiles('v1-streamable-express'));
    const cart = result.findings.filter((f) => f.file === 'src/cart.ts' && f.line === 25).flatMap((f) => f.message.split(' || '));
    const tools = cart.map((m) => m.match(/registerTool\('(\w+)'\)|tool\('(\w+)'\)/)?.slice(1).find(Boolean)).sort();
    expect(tools).toEqual(['add_to_cart', 'checkout', 'checkout', 'remove_from_cart', 'view_cart']);
    expect(cart.filter((m) => m.includes('clearCart(extra)'))).toHaveLength(1);
    expect(cart.every((m) => m.includes('cartKey(extra)'))).toBe(true);
  });

  it('an untyped helper whose first caller passes a server and a later one the context', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
const seen = new Map<string, number>();
function touch(source) {
  seen.set(source.sessionId, Date.now());
  return source.server?.ping();
}
touch(server);
server.tool('hello', async (extra) => { touch(extra); return { content: [] }; });`;
    expect(runRule(sessionIdRead, code).findings.map((f) => f.line)).toEqual([5]);
    expect(runRule(ping, code).findings.map((f) => f.line)).toEqual([6]);
  });
  it('the context handed on inside an options object and as a constructor argument', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
const drafts = new Map<string, string>();
class DraftBook {
  private ctx;
  constructor(ctx) {
    this.ctx = ctx;
  }
  save(text: string) {
    drafts.set(this.ctx.sessionId, text);
  }
}
function openBook(options) {
  return new DraftBook(options.ctx);
}
server.tool('save_draft', async (extra) => {
  openBook({ ctx: extra, readOnly: false }).save('x');
  return { content: [] };
});`;
    const result = runRule(listPaths, code);
    expect(result.findings.map((f) => f.line)).toEqual([10]);
    expect(result.findings[0]!.message).toMatch(/save_draft.*`ctx` passed to openBook\(\{ ctx: extra.*new DraftBook\(options.ctx\)/);
  });
});
