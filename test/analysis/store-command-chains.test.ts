/**
 * A chain of store commands is one store: `this.redis.multi().hset(key, …).expire(key, ttl).exec()` is one
 * transaction on `this.redis`, not a store per link (fastify-mcp-server's session store got two keyed-store
 * markers on one statement, one naming `this.redis.multi()` as the store).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { inMemoryResolver, type Files } from '../support/rule-tester.js';

const ROOT = '/project';

function analysisInput(project: Files) {
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  return { files, resolve: inMemoryResolver(files), relative: (abs: string) => path.posix.relative(ROOT, abs) };
}

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Redis } from 'ioredis';

export function build(redis: Redis, ttl: number): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('touch', { description: 'Remember this session' }, async (extra) => {
    const key = \`session:\${extra.sessionId}\`;
    await redis.multi().hset(key, 'seen', Date.now()).expire(key, ttl).exec();
    await redis.pipeline().sadd('sessions', extra.sessionId!).exec();
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  return server;
}
`;

describe('store command chains', () => {
  it('a multi()/pipeline() chain of commands keys one store, its client', () => {
    const { analysis } = analyze(analysisInput({ 'src/server.ts': SERVER }));
    expect(analysis.stores.map((m) => m.store.name)).toEqual(['redis']);
  });
});
