/** The word-level judgements the session rules make: what a store holds, what is a logger, what is a store call. */
import { describe, expect, it } from 'vitest';
import keyedStore from '../../../src/rules/session-state/keyed-store.js';
import { holdsCredentials } from '../../../src/analysis/credentials.js';
import telemetry from '../../../src/rules/session-state/session-telemetry.js';
import read from '../../../src/rules/session-state/session-id-read.js';
import { runRule } from '../../support/rule-tester.js';

const handler = (body: string): string => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 's', version: '1' });
server.tool('t', async (extra) => {
  ${body}
  return { content: [] };
});`;

describe('holdsCredentials: the head noun of the store name decides', () => {
  it.each([
    ['tokensBySession', true],
    ['sessionTokens', true],
    ['authBySession', true],
    ['authInfoBySession', true],
    ['this.credentials', true],
    ['userCarts', false],
    ['tokenizerCache', false],
    ['notesBySession', false],
    ['sessionStore', false],
    // A container word names the container, not what it holds (sweep 11 J5's `this.authMap`).
    ['this.authMap', true],
    ['tokenStore', true],
    ['credentialCacheBySession', true],
    ['cartMap', false],
    ['map', false],
    // A token that is request metadata, not a credential (sweep 36 AJ1).
    ['progressTokens', false],
    ['progressTokenBySession', false],
    ['paginationTokens', false],
    // A page access token is a credential (review 43 S43-2).
    ['pageTokens', true],
    ['accessTokens', true],
  ])('%s → %s', (name, expected) => {
    expect(holdsCredentials(name)).toBe(expected);
  });
});

describe('store calls', () => {
  it('recognises node-redis v4 camelCase commands as keyed by the session id', () => {
    const code = `import { createClient } from 'redis';\nconst redis = createClient();\n${handler("await redis.hSet('carts:' + extra.sessionId, 'sku', '1');")}`;
    expect(runRule(keyedStore, code).findings.map((f) => [f.line, f.messageId])).toEqual([[6, 'kv']]);
  });
});

describe('loggers', () => {
  it('a `catalog` is not a logger: the id going into it is a read, not telemetry', () => {
    const code = `const catalog = { record(id: unknown, v: string) {} };\n${handler("catalog.record(extra.sessionId, 'viewed');")}`;
    expect(runRule(telemetry, code).findings).toEqual([]);
    expect(runRule(read, code).findings.map((f) => f.line)).toEqual([5]);
  });

  it('`this.logger.info` and a `testDebug` function are loggers', () => {
    const code = `const testDebug = (..._a: unknown[]) => {};\n${handler('testDebug(extra.sessionId);')}`;
    expect(runRule(telemetry, code).findings.map((f) => f.line)).toEqual([5]);
  });
});

describe('the session id kept in a field or an object property', () => {
  it('is followed to the stores it keys later', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
const ctxBySession: Record<string, { sid: string }> = {};
export class Session {
  sid: string | undefined;
  server = new McpServer({ name: 's', version: '1' });
  constructor() {
    this.server.tool('view', async (extra) => {
      this.sid = extra.sessionId;
      return { content: [] };
    });
    this.server.tool('add', async (extra) => {
      const state = { sid: extra.sessionId! };
      ctxBySession[state.sid] = state;
      return { content: [] };
    });
  }
  cart() { return carts.get(this.sid!); }
}`;
    expect(runRule(keyedStore, code).findings.map((f) => `${f.line} ${f.messageId}`)).toEqual(['2 store', '3 storeInTools']);
  });
});

describe('iterating transports', () => {
  it('knows the loop variable over a function declared to return transports', async () => {
    const { default: telemetryRule } = await import('../../../src/rules/session-state/session-telemetry.js');
    const code = `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const sessions: Record<string, { transport: StreamableHTTPServerTransport }> = {};
const active = (): StreamableHTTPServerTransport[] => Object.values(sessions).map((s) => s.transport);
export function notifyAll(logger: { debug(m: string): void }) {
  const all = active();
  for (const transport of all) logger.debug(\`notified \${transport.sessionId}\`);
  let a: any = [];
  let b: any = a;
  a = b;
  for (const x of b) void x;
}`;
    expect(runRule(telemetryRule, code).findings.map((f) => f.line)).toEqual([6]);
  });
});
