/**
 * Issue 6, the multi-round-trip part on its own, with real processes: `fixtures/e2e-mrtr-desk` is an SDK v2
 * server already served statelessly by `createMcpHandler`, that still asks the client in the push style
 * (`ctx.mcpReq.elicitInput`, `server.server.createMessage`, both throw on a 2026-07-28 request).
 *
 * 1. Unmigrated: a v2 client pinned to 2026-07-28 cannot complete `place_order` or `haiku`.
 * 2. `apply --transforms sampling-elicitation-to-mrtr,logging-to-request-scope` on a copy; two instances
 *    behind the plain round-robin proxy, both given the same MCP_REQUEST_STATE_KEY (as a deployment would):
 *    a v2 client, fresh connection per call, completes an accepted and a declined elicitation round trip
 *    and a sampling round trip; each retry is served by the OTHER instance than its first round; the order
 *    placed is the one the user confirmed (its random number travelled in requestState, it was not
 *    recomputed on the other instance).
 * 3. The same two instances with DIFFERENT keys: the retry is refused (-32602 Invalid or expired
 *    requestState), which is why the report tells the user to share the key.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOnFreshConnection, textOf, type HostHandlers } from './support/clients.js';
import { runCli } from './support/cli.js';
import { copyFixture } from './support/paths.js';
import { startFixtureServer, withOutput, type ManagedProcess } from './support/process.js';
import { startRoundRobinProxy, type ProxyHit, type RoundRobinProxy } from './support/proxy.js';

const FIXTURE = 'e2e-mrtr-desk';

function host(confirm: boolean | 'decline') {
  const asked = { elicit: [] as string[], sample: [] as string[] };
  const handlers: HostHandlers = {
    elicit: (params) => {
      asked.elicit.push(params.message ?? '');
      return confirm === 'decline' ? { action: 'decline' } : { action: 'accept', content: { confirm } };
    },
    sample: (params) => {
      asked.sample.push(JSON.stringify(params.messages ?? []));
      return 'Pines hold the cold light';
    },
  };
  return { asked, handlers };
}

/** The tools/call requests of `tool`: which upstream served each, and whether it was a retry. */
function callsOf(hits: ProxyHit[], tool: string) {
  return hits.flatMap((h) =>
    (h.rpc ?? [])
      .filter((m) => m.method === 'tools/call' && m.params?.name === tool)
      .map((m) => ({ upstream: h.upstream, retry: 'inputResponses' in (m.params ?? {}) || 'requestState' in (m.params ?? {}) })),
  );
}

async function startPair(dir: string, keys: [string, string]) {
  const servers: ManagedProcess[] = [];
  servers.push(await startFixtureServer({ name: 'desk-a', dir, env: { MCP_REQUEST_STATE_KEY: keys[0] } }));
  servers.push(await startFixtureServer({ name: 'desk-b', dir, env: { MCP_REQUEST_STATE_KEY: keys[1] } }));
  const proxy = await startRoundRobinProxy(servers.map((s) => s.port));
  return { servers, proxy, url: `${proxy.origin}/mcp` };
}

describe(`${FIXTURE}: push-style elicitation and sampling → multi-round-trip, across two instances`, { timeout: 180_000 }, () => {
  let unmigrated: { servers: ManagedProcess[]; proxy: RoundRobinProxy; url: string } | undefined;
  let shared: { servers: ManagedProcess[]; proxy: RoundRobinProxy; url: string } | undefined;
  let split: { servers: ManagedProcess[]; proxy: RoundRobinProxy; url: string } | undefined;
  const procs = () => [...(unmigrated?.servers ?? []), ...(shared?.servers ?? []), ...(split?.servers ?? [])];

  beforeAll(async () => {
    const key = randomBytes(32).toString('base64url');
    unmigrated = await startPair(copyFixture(FIXTURE), [key, key]);
    const dir = copyFixture(FIXTURE);
    const run = runCli(['apply', '--allow-dirty', '--transforms', 'sampling-elicitation-to-mrtr,logging-to-request-scope', dir], { cwd: dir });
    if (run.status !== 0 && run.status !== 1) throw new Error(`apply failed:\n${run.describe()}`);
    shared = await startPair(dir, [key, key]);
    split = await startPair(dir, [key, randomBytes(32).toString('base64url')]);
  }, 240_000);

  afterAll(async () => {
    for (const pair of [unmigrated, shared, split]) {
      await pair?.proxy.close();
      await Promise.all((pair?.servers ?? []).map((s) => s.stop()));
    }
  });

  it('unmigrated: a 2026-07-28 client cannot complete the push-style elicitation or sampling', async () => {
    await withOutput(procs, async () => {
      for (const [tool, args] of [['place_order', { item: 'mug', quantity: 2 }], ['haiku', { topic: 'pines' }]] as const) {
        const outcome = await callOnFreshConnection(unmigrated!.url, tool, args, { sdk: 'v2', host: host(true).handlers }).then(
          (result) => (result.isError ? `isError: ${textOf(result)}` : undefined),
          (error: Error) => error.message,
        );
        expect(outcome, `${tool} must fail before the migration`).toBeDefined();
      }
    });
  });

  it('migrated: accepted and declined elicitation and a sampling round trip, each retry on the other instance', async () => {
    await withOutput(procs, async () => {
      const { proxy, url } = shared!;
      const accepting = host(true);
      const placed = await callOnFreshConnection(url, 'place_order', { item: 'tent', quantity: 2 }, { sdk: 'v2', host: accepting.handlers });
      expect(placed.isError ?? false, JSON.stringify(placed)).toBe(false);
      const asked = /Place order (ord_[0-9a-f-]+): 2 x tent for \$378\.00\?/.exec(accepting.asked.elicit.at(-1) ?? '');
      expect(asked, `the user was asked: ${JSON.stringify(accepting.asked.elicit)}`).not.toBeNull();
      // The order placed is the one confirmed: the number was sealed in requestState, not re-drawn on the retry.
      expect(textOf(placed)).toBe(`Order ${asked![1]} placed for $378.00.`);

      proxy.skip(1);
      const declining = host('decline');
      const cancelled = await callOnFreshConnection(url, 'place_order', { item: 'mug', quantity: 1 }, { sdk: 'v2', host: declining.handlers });
      const declinedId = /Place order (ord_[0-9a-f-]+)/.exec(declining.asked.elicit.at(-1) ?? '')?.[1];
      expect(textOf(cancelled)).toBe(`Order ${declinedId} cancelled.`);

      const sampling = host(true);
      const haiku = await callOnFreshConnection(url, 'haiku', { topic: 'pines' }, { sdk: 'v2', host: sampling.handlers });
      expect(textOf(haiku)).toBe('Pines hold the cold light');
      expect(sampling.asked.sample.at(-1)).toContain('Write a haiku about pines');

      for (const tool of ['place_order', 'haiku']) {
        const calls = callsOf(proxy.hits, tool);
        expect(calls.some((c) => c.retry), `${tool} went through an input_required round: ${JSON.stringify(calls)}`).toBe(true);
        const firsts = calls.filter((c) => !c.retry);
        const retries = calls.filter((c) => c.retry);
        expect(retries.some((r) => firsts.every((f) => f.upstream !== r.upstream)), `${tool}: a retry served by the other instance: ${JSON.stringify(calls)}`).toBe(true);
      }
    });
  });

  it('instances that do not share MCP_REQUEST_STATE_KEY refuse each other\'s requestState', async () => {
    await withOutput(procs, async () => {
      const outcome = await callOnFreshConnection(split!.url, 'place_order', { item: 'lamp', quantity: 1 }, { sdk: 'v2', host: host(true).handlers }).then(
        (result) => (result.isError ? textOf(result) : `completed: ${textOf(result)}`),
        (error: Error) => error.message,
      );
      expect(outcome).toMatch(/requestState/i);
    });
  });
});
