import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from '../src/progress.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('progress indicator', () => {
  it('prints nothing when disabled (not a TTY, or --quiet)', () => {
    const out: string[] = [];
    const progress = createProgress({ enabled: false, write: (t) => out.push(t) });
    progress.update('reading', 500, 1000);
    progress.done();
    expect(out).toEqual([]);
  });

  it('stays silent for quick scans and shows, then clears, the line for long ones', () => {
    vi.useFakeTimers();
    const out: string[] = [];
    const progress = createProgress({ enabled: true, write: (t) => out.push(t) });
    progress.update('reading', 500, 20000);
    expect(out).toEqual([]);
    vi.advanceTimersByTime(1500);
    progress.update('reading', 1000, 20000);
    expect(out.join('')).toContain('reading 1000/20000 files');
    progress.done();
    expect(out.at(-1)).toBe('\r\x1b[2K');
  });

  it('names what it counts (transforms for apply, files by default)', () => {
    vi.useFakeTimers();
    const out: string[] = [];
    const progress = createProgress({ enabled: true, write: (t) => out.push(t) });
    vi.advanceTimersByTime(1500);
    progress.update('sdk-v2', 1, 8, 'transforms');
    expect(out.join('')).toContain('sdk-v2 1/8 transforms');
  });
});
