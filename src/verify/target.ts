/**
 * What `verify` talks to: a server already running (`--url`), or N copies of a command it starts itself
 * (`-- <command…>`, each with its own PORT) behind its own round-robin proxy, optionally sharing a private
 * redis-server (REDIS_URL).
 */
import { startListeningProcess, type ListenerCheck, type StartedProcess } from './processes.js';
import { startRoundRobinProxy, type ServedCall } from './proxy.js';
import { startPrivateRedis, type PrivateRedis } from './redis.js';

export interface TargetOptions {
  url?: string;
  command?: string[];
  instances: number;
  redis: boolean;
  /** The MCP endpoint's path on each started instance. */
  path: string;
  readyTimeoutMs: number;
  /** Whose listener counts as a started copy's (see processes.ts): `any` for `docker run -p`-like commands. */
  listener: ListenerCheck;
  cwd: string;
}

export interface Target {
  readonly url: string;
  /** How many instances answer (undefined for --url: unknown). */
  readonly instances: number | undefined;
  /** The tools/calls the proxy forwarded (empty for --url). */
  readonly served: ServedCall[];
  readonly redisUrl: string | undefined;
  /** The captured output of the started processes (for a report of a failure to start or a crash). */
  output(): string;
  stop(): Promise<void>;
}

export async function startTarget(options: TargetOptions): Promise<Target> {
  if (options.url) {
    return { url: options.url, instances: undefined, served: [], redisUrl: undefined, output: () => '', stop: async () => {} };
  }
  const [command, ...args] = options.command ?? [];
  if (!command) throw new Error('give a server to verify: --url <url> or -- <command…>');
  let redis: PrivateRedis | undefined;
  const servers: StartedProcess[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.stop();
  };
  try {
    if (options.redis) redis = await startPrivateRedis();
    for (let i = 1; i <= options.instances; i++) {
      const redisUrl = redis?.url;
      servers.push(
        await startListeningProcess({
          label: `instance ${i} (${[command, ...args].join(' ')})`,
          command,
          args: () => args,
          cwd: options.cwd,
          env: (port) => ({ PORT: String(port), ...(redisUrl ? { REDIS_URL: redisUrl } : {}) }),
          readyTimeoutMs: options.readyTimeoutMs,
          listener: options.listener,
        }),
      );
    }
    const proxy = await startRoundRobinProxy(servers.map((s) => s.port));
    return {
      url: `${proxy.origin}${options.path}`,
      instances: servers.length,
      served: proxy.calls,
      redisUrl: redis?.url,
      output: () => servers.map((s) => `--- ${s.label}${s.exitStatus() ? `, ${s.exitStatus()}` : ''} ---\n${s.output().trimEnd()}`).join('\n'),
      async stop() {
        await proxy.close();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
