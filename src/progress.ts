/**
 * A one-line progress indicator on stderr, only for long scans and apply runs in a terminal: it stays
 * silent for the first second so quick scans print nothing, and never touches stdout
 * (which may carry JSON/SARIF).
 */
export interface Progress {
  /** `unit` names what `done` and `total` count (files by default). */
  update: (phase: string, done: number, total: number, unit?: string) => void;
  done: () => void;
}

const DELAY_MS = 1000;

export function createProgress(options: { enabled: boolean; write: (text: string) => void }): Progress {
  if (!options.enabled) return { update: () => {}, done: () => {} };
  const started = Date.now();
  let shown = false;
  return {
    update(phase, done, total, unit = 'files') {
      if (Date.now() - started < DELAY_MS) return;
      shown = true;
      options.write(`\r\x1b[2Kmcp-migrate: ${phase} ${total ? `${done}/${total} ${unit}` : ''}`);
    },
    done() {
      if (shown) options.write('\r\x1b[2K');
    },
  };
}
