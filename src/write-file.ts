/**
 * Writing a file the user named (a report, a baseline, later `apply`'s report) without ever
 * destroying what is there:
 *
 * - a regular file (or a new one) is replaced atomically: written to a temporary file in the
 *   same directory, flushed, and renamed over it, so a crash or a full disk leaves the old
 *   content, never half a report; its permission bits are kept;
 * - a symlink is written through, to its target (as `>` in a shell does); the link stays;
 * - a character device or a FIFO (`/dev/null`, `/dev/tty`, `>(cat)` process substitution) is
 *   written to directly, because renaming over it would replace the device node with a file;
 * - anything else (a directory, a block device, a socket) is refused;
 * - `-` and `/dev/stdout` mean standard output, which the caller writes (see `isStdout`).
 */
import fs from 'node:fs';
import path from 'node:path';

/** A target that is not written: refused before anything is touched. The message is for the user. */
export class WriteRefusedError extends Error {}

/** `-o -` and `-o /dev/stdout` (and `/dev/fd/1`, `/proc/self/fd/1`) name standard output. */
export function isStdout(target: string): boolean {
  return target === '-' || ['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1'].includes(path.normalize(target));
}

const MAX_LINK_HOPS = 40; // as Linux's MAXSYMLINKS

/**
 * The path a write to `target` lands on: symlinks followed, also when the last link dangles
 * (writing through `report.json -> out/report.json` creates `out/report.json`).
 */
export function resolveWriteTarget(target: string): string {
  let current = path.resolve(target);
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return current; // a new file
      throw error;
    }
    if (!stat.isSymbolicLink()) return current;
    current = path.resolve(path.dirname(current), fs.readlinkSync(current));
  }
  throw new WriteRefusedError('too many levels of symbolic links');
}

/** Writes `content` to `target` as described above. Throws WriteRefusedError or the system error. */
export function writeFileSafely(target: string, content: string): void {
  const destination = resolveWriteTarget(target);
  let existing: fs.Stats | undefined;
  try {
    existing = fs.statSync(destination);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existing === undefined || existing.isFile()) {
    writeFileAtomic(destination, content, existing?.mode);
    return;
  }
  if (existing.isCharacterDevice() || existing.isFIFO()) {
    // Written in place: renaming over a device node or FIFO would replace it with a regular file.
    fs.writeFileSync(destination, content, { flag: 'w' });
    return;
  }
  throw new WriteRefusedError(`it is ${describeKind(existing)}, not a file; refusing to write`);
}

/**
 * The reason a write failed, for a one-line message: "ENOSPC: no space left on device" without
 * the syscall and the temporary file's name that Node appends.
 */
export function describeWriteError(error: unknown): string {
  const message = (error as Error)?.message ?? String(error);
  return (error as NodeJS.ErrnoException).code ? message.replace(/, \w+(?: '[^']*')*$/, '') : message;
}

/** What a non-regular file is, for a message: "a directory", "a socket"… */
export function describeKind(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice()) return 'a character device';
  return 'not a regular file';
}

/**
 * Temporary file in the target's directory (rename is atomic only within one file system),
 * created exclusively, flushed to disk before the rename so a power cut cannot leave an empty
 * file under the final name.
 */
export function writeFileAtomic(target: string, content: string, mode?: number): void {
  const temp = writeTempBeside(target, content, mode);
  try {
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Writes `content` to a new temporary file beside `target` and returns its path; the caller
 * renames it over `target` (or removes it). With `existing` (the target's stat), the temporary
 * file gets exactly its permission bits and, when we run as root, its owner: a `sudo` run must
 * not hand the user's files to root.
 */
export function writeTempBeside(target: string, content: string, mode?: number, owner?: { uid: number; gid: number }): string {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${Date.now()}.${++tempCounter}.tmp`);
  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, 'wx', mode === undefined ? 0o666 : mode & 0o7777);
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    // openSync's mode is filtered by the umask; an existing file keeps exactly its own bits.
    if (mode !== undefined) fs.chmodSync(temp, mode & 0o7777);
    if (owner && process.getuid?.() === 0) fs.chownSync(temp, owner.uid, owner.gid);
    return temp;
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/** Two temporary files written in the same millisecond (apply stages many) must not collide. */
let tempCounter = 0;
