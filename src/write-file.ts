import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes through a temporary file in the same directory and renames it over the target,
 * so a crash or a full disk never leaves a half-written report (or, for `apply`, source file).
 */
export function writeFileAtomic(target: string, content: string): void {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${Date.now()}.tmp`);
  try {
    fs.writeFileSync(temp, content);
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}
