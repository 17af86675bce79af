/**
 * apply's write phase: every file of a run is written, or none is.
 *
 * 1. Pre-flight, before anything is touched. Each target (symlinks followed and written through,
 *    as a shell's `>` does, so the link stays) must be a regular file, or not exist yet (a
 *    generated module); it must be writable, and a file nobody may write (0444) is refused even
 *    when we run as root and could: its mode says "do not change me". Its directory (the nearest
 *    existing one, for a new file) must let us create the temporary file and rename it. A file that
 *    is not valid UTF-8 is refused: its invalid bytes were read as U+FFFD and would be lost.
 * 2. Staging: each new text goes to a temporary file beside its target, with the target's mode
 *    (and owner, as root), flushed to disk. A failure removes the temporary files: nothing changed.
 * 3. Commit: the temporary files are renamed over their targets. If a rename fails, the targets
 *    already replaced get their original text back and the new files are removed.
 * Every failure is a WriteAbortedError: one line naming the file and the reason, no stack trace.
 */
import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../pipeline/load.js';
import { describeKind, describeWriteError, resolveWriteTarget, writeFileAtomic, writeTempBeside } from '../write-file.js';

export interface FileWrite {
  /** The path as apply found it (a symlink is written through). */
  file: string;
  /** The file's text on disk now (exactly, a byte-order mark included); undefined for a new file. */
  before?: string;
  /** The text to write, exactly. */
  after: string;
}

/** The run wrote nothing (or put everything back): the message says which file and why. */
export class WriteAbortedError extends UsageError {}

interface Target {
  write: FileWrite;
  name: string;
  destination: string;
  existing?: fs.Stats;
  temp?: string;
}

export function writeAllOrNothing(writes: readonly FileWrite[], relative: (file: string) => string): void {
  const targets = writes.map((write) => preflight(write, relative(write.file)));
  rejectSharedDestinations(targets);
  const createdDirs: string[] = [];
  try {
    for (const target of targets) stage(target, createdDirs);
  } catch (error) {
    discard(targets, createdDirs);
    throw aborted(targets.find((t) => t.temp === undefined) ?? targets[0]!, error);
  }
  const replaced: Target[] = [];
  for (const target of targets) {
    try {
      fs.renameSync(target.temp!, target.destination);
      target.temp = undefined;
      replaced.push(target);
    } catch (error) {
      const unrestored = restore(replaced);
      discard(targets, createdDirs);
      throw aborted(target, error, unrestored);
    }
  }
}

function preflight(write: FileWrite, name: string): Target {
  let destination: string;
  try {
    destination = resolveWriteTarget(write.file);
  } catch (error) {
    throw aborted({ name }, error);
  }
  let existing: fs.Stats | undefined;
  try {
    existing = fs.statSync(destination);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw aborted({ name }, error);
  }
  if (existing && !existing.isFile()) throw new WriteAbortedError(`${name} is ${describeKind(existing)}, not a file; refusing to write it; nothing was written`);
  if (existing && (existing.mode & 0o222) === 0) {
    throw new WriteAbortedError(`${name} is read-only (mode ${(existing.mode & 0o7777).toString(8).padStart(4, '0')}): make it writable (chmod u+w ${name}) and run apply again; nothing was written`);
  }
  try {
    if (existing) fs.accessSync(destination, fs.constants.W_OK);
    // The texts were decoded as UTF-8 with U+FFFD for invalid bytes (a Latin-1 comment): writing them
    // would replace those bytes for good.
    if (existing && !isUtf8(fs.readFileSync(destination))) {
      throw new WriteAbortedError(`${name} is not valid UTF-8: writing it would replace its invalid bytes; convert it to UTF-8 (or --exclude it) and run apply again; nothing was written`);
    }
    const dir = nearestExisting(path.dirname(destination));
    if (!fs.statSync(dir).isDirectory()) throw new WriteAbortedError(`${name} cannot be created: a directory above it is a file; nothing was written`);
    fs.accessSync(dir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    if (error instanceof WriteAbortedError) throw error;
    throw aborted({ name }, error);
  }
  return { write, name, destination, existing };
}

/** Two paths of the run that are one file (a symlink and its target): the second write would undo the first. */
function rejectSharedDestinations(targets: readonly Target[]): void {
  const seen = new Map<string, string>();
  for (const t of targets) {
    const other = seen.get(t.destination);
    if (other !== undefined) throw new WriteAbortedError(`${other} and ${t.name} are the same file (a symbolic link); refusing to write it twice; nothing was written`);
    seen.set(t.destination, t.name);
  }
}

function stage(target: Target, createdDirs: string[]): void {
  const dir = path.dirname(target.destination);
  const missing: string[] = [];
  for (let d = dir; !fs.existsSync(d); d = path.dirname(d)) missing.unshift(d);
  for (const d of missing) {
    fs.mkdirSync(d);
    createdDirs.push(d);
  }
  const { existing } = target;
  target.temp = writeTempBeside(target.destination, target.write.after, existing?.mode, existing && { uid: existing.uid, gid: existing.gid });
}

/** Puts back what was replaced; returns the names it could not restore (said in the error, never hidden). */
function restore(replaced: readonly Target[]): string[] {
  const failed: string[] = [];
  for (const target of [...replaced].reverse()) {
    try {
      if (target.existing && target.write.before !== undefined) writeFileAtomic(target.destination, target.write.before, target.existing.mode);
      else fs.rmSync(target.destination, { force: true });
    } catch {
      failed.push(target.name);
    }
  }
  return failed;
}

/** Removes the temporary files not renamed yet and the directories this run created (if still empty). */
function discard(targets: readonly Target[], createdDirs: readonly string[]): void {
  for (const target of targets) if (target.temp) fs.rmSync(target.temp, { force: true });
  for (const dir of [...createdDirs].reverse()) {
    try {
      fs.rmdirSync(dir);
    } catch {
      /* not empty: something else put a file there meanwhile; leave it */
    }
  }
}

function aborted(target: { name: string }, error: unknown, unrestored: readonly string[] = []): WriteAbortedError {
  const left = unrestored.length ? `; could not restore ${unrestored.join(', ')}: check them with git diff` : '; nothing was written';
  return new WriteAbortedError(`could not write ${target.name} (${describeWriteError(error)})${left}`);
}

function nearestExisting(dir: string): string {
  let at = dir;
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}
