/**
 * What planners read of files no analysis loads (package.json): the text as the earlier transforms
 * of this `apply` run left it in memory, else the disk. Without it a second transform would compute
 * offsets against the disk text of a file an earlier transform already edited.
 */
import fs from 'node:fs';
import { withoutBom } from '../../json-text.js';

let overlay: ReadonlyMap<string, string> | undefined;

/** Runs `plan` with `files` (absolute path → current text) visible to `readCurrentFile`. */
export function withFileOverlay<T>(files: ReadonlyMap<string, string>, plan: () => T): T {
  const previous = overlay;
  overlay = files;
  try {
    return plan();
  } finally {
    overlay = previous;
  }
}

/**
 * The current text of a file (throws like fs.readFileSync when it does not exist), without a
 * byte-order mark: apply's texts never have one (it is put back on writing), so plans' offsets
 * hold, and JSON.parse accepts a package.json saved with one.
 */
export function readCurrentFile(file: string): string {
  return overlay?.get(file) ?? withoutBom(fs.readFileSync(file, 'utf8'));
}
