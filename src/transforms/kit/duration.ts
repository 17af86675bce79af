/** `--handle-ttl` values: `90s`, `30m`, `24h`, `7d`, or a bare number of hours. */
const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseDuration(value: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(value);
  if (!match) return undefined;
  const ms = Math.round(Number(match[1]) * UNITS[match[2] ?? 'h']!);
  return ms > 0 ? ms : undefined;
}

/** `86400000` → `24 hours`; the largest unit that divides it evenly. */
export function describeDuration(ms: number): string {
  const names: Array<[number, string]> = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ];
  for (const [size, name] of names) {
    if (ms % size === 0) {
      const n = ms / size;
      if (name === 'day' && n < 2) continue; // "24 hours" reads better than "1 day" in a tool description
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return `${ms} ms`;
}
