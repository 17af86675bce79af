import { describe, expect, it, vi } from 'vitest';
import { ruleTester, runRule } from '../../support/rule-tester.js';
import { ValueAnalysis } from '../../../src/analysis/values.js';
import type { Rule } from '../../../src/rules/rule.js';
import rule from '../../../src/rules/handle-hygiene/no-expiry.js';
import { RELAYED_IDS } from './relayed-ids.js';

const TOOLS = `
server.registerTool('create_job', {}, async () => {
  const job_id = randomUUID();
  jobs.set(job_id, { started: Date.now() });
  return { content: [], structuredContent: { job_id } };
});
server.registerTool('job_status', { inputSchema: { job_id: z.string() } }, async ({ job_id }) => ({ content: [{ type: 'text', text: String(jobs.get(job_id)?.started) }] }));`;
const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
`;

ruleTester(rule, {
  valid: [
    {
      name: 'a sweep deletes idle entries',
      code: `${HEAD}const jobs = new Map<string, { started: number }>();
setInterval(() => {
  for (const [id, job] of jobs) if (Date.now() - job.started > 3_600_000) jobs.delete(id);
}, 60_000).unref();${TOOLS}`,
    },
    {
      name: 'a TTL cache evicts by itself',
      code: `${HEAD}import { LRUCache } from 'lru-cache';
const jobs = new LRUCache<string, { started: number }>({ max: 1000, ttl: 3_600_000 });${TOOLS}`,
    },
    {
      name: 'a map that no handle keys (a catalogue read by sku) is no concern of this rule',
      code: `${HEAD}const catalog = new Map<string, number>([['a', 1]]);
server.registerTool('price', { inputSchema: { sku: z.string() } }, async ({ sku }) => ({ content: [{ type: 'text', text: String(catalog.get(sku)) }] }));`,
    },
    {
      name: 'a request de-duplication map that an id no tool mints (an upstream id relayed, an argument echoed) reaches is no handle store',
      code: RELAYED_IDS,
    },
  ],
  invalid: [
    {
      name: 'a Map keyed by job_id that nothing deletes from',
      code: `${HEAD}const jobs = new Map<string, { started: number }>();${TOOLS}`,
      errors: [{ messageId: 'noExpiry', line: 5, column: 7, data: { store: 'jobs', argument: 'job_id' } }],
    },
    {
      name: 'JavaScript: a class field map declared in the constructor, used through methods',
      filename: 'src/server.js',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import crypto from 'node:crypto';
import { z } from 'zod';
class Jobs {
  constructor() {
    this.byId = new Map();
  }
  /** @param {string} id */
  get(id) { return this.byId.get(id); }
  start() {
    const id = crypto.randomUUID();
    this.byId.set(id, { started: Date.now() });
    return id;
  }
}
const jobs = new Jobs();
const server = new McpServer({ name: 'x', version: '1' });
server.tool('create_job', async () => {
  const jobId = jobs.start();
  return { content: [], structuredContent: { jobId } };
});
server.tool('job_status', { jobId: z.string() }, async ({ jobId }) => ({ content: [{ type: 'text', text: String(jobs.get(jobId)) }] }));`,
      errors: [{ messageId: 'noExpiry', line: 6 }],
    },
  ],
});

describe('on a program without handles', () => {
  it('resolves nothing the code deletes, clears or assigns (a scan of such a server pays nothing for this rule)', () => {
    const code = `${HEAD}const cache = new Map<string, number>();
let hits = 0;
export function touch(key: string): void {
  hits = hits + 1;
  cache.delete(key);
  cache.clear();
  const copy: Record<string, number> = {};
  delete copy[key];
}`;
    // The same program with a rule that only reads the handle model: what the analysis itself resolves.
    const handlesOnly: Rule = { meta: rule.meta, create: (context) => ({ end: () => void context.analysis.handles }) };
    const lookups = vi.spyOn(ValueAnalysis.prototype, 'symbolOf');
    expect(runRule(handlesOnly, code).findings).toEqual([]);
    const baseline = lookups.mock.calls.length;
    lookups.mockClear();
    expect(runRule(rule, code).findings).toEqual([]);
    expect(lookups.mock.calls.length).toBe(baseline);
    lookups.mockRestore();
  });
});
