/**
 * The round-robin proxy `verify` runs (src/verify/proxy.ts), closed after each test file so a failing
 * test does not leave it listening.
 */
import { afterAll } from 'vitest';
import { startRoundRobinProxy as start, type ProxyOptions, type RoundRobinProxy } from '../../../src/verify/proxy.js';

export type { ProxyHit, RoundRobinProxy } from '../../../src/verify/proxy.js';

const open = new Set<RoundRobinProxy>();
afterAll(async () => {
  await Promise.all([...open].map((p) => p.close()));
});

export async function startRoundRobinProxy(upstreamPorts: number[], options: ProxyOptions = {}): Promise<RoundRobinProxy> {
  const proxy = await start(upstreamPorts, options);
  open.add(proxy);
  return proxy;
}
