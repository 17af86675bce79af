/**
 * Phase timings for the people who work on mcp-migrate's speed (as ESLint's `TIMING=1`): with
 * `MCP_MIGRATE_TIMING=1` in the environment, `scan` and `apply` print on standard error how long each
 * phase took (wall milliseconds, summed per label, with how often it ran), largest first, when the
 * command ends. Without it `timed` only calls the function: nothing is measured or printed.
 *
 * A benchmark's ratio comes from `bench/` (whole processes, side by side); this says where one run's time went.
 */
const enabled = !!process.env.MCP_MIGRATE_TIMING;
const totals = new Map<string, { ms: number; count: number }>();

export function timed<T>(label: string, run: () => T): T {
  if (!enabled) return run();
  const start = performance.now();
  try {
    return run();
  } finally {
    add(label, start);
  }
}

export async function timedAsync<T>(label: string, run: () => Promise<T>): Promise<T> {
  if (!enabled) return run();
  const start = performance.now();
  try {
    return await run();
  } finally {
    add(label, start);
  }
}

function add(label: string, start: number): void {
  const entry = totals.get(label) ?? { ms: 0, count: 0 };
  entry.ms += performance.now() - start;
  entry.count++;
  totals.set(label, entry);
}

/** The table of what was timed (empty when timing is off). */
export function timingReport(): string {
  if (!enabled || totals.size === 0) return '';
  const rows = [...totals].sort((a, b) => b[1].ms - a[1].ms);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, { ms, count }]) => `${label.padEnd(width)}  ${ms.toFixed(0).padStart(6)} ms  ×${count}`);
  return `mcp-migrate timing (MCP_MIGRATE_TIMING; wall ms; process at ${performance.now().toFixed(0)} ms)\n${lines.join('\n')}\n`;
}
