/**
 * Instances of a fixture server behind the round-robin proxy, stopped after the file's tests.
 */
import { afterAll } from 'vitest';
import type { ManagedProcess } from './process.js';
import type { RoundRobinProxy } from './proxy.js';

export interface Deployment {
  dir: string;
  servers: ManagedProcess[];
  proxy: RoundRobinProxy;
}

/** Registers the cleanup hook of a test file; returns `track`, which keeps a deployment for it. */
export function trackDeployments(): (deployment: Deployment) => Deployment {
  const deployments: Deployment[] = [];
  afterAll(async () => {
    for (const d of deployments.splice(0)) {
      await d.proxy.close();
      await Promise.all(d.servers.map((s) => s.stop()));
    }
  });
  return (deployment) => {
    deployments.push(deployment);
    return deployment;
  };
}
