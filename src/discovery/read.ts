/**
 * Reading a discovered file as text. Discovery only looks at names and sizes;
 * content checks (binary, encoding) happen here, when the bytes are in hand
 * anyway, so no file is opened twice.
 */
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import type { FileDiagnostic } from '../model.js';
import type { DiscoveredFile } from './discover.js';

/** How much of the file the NUL-byte test looks at (what git and grep do too). */
const SNIFF_BYTES = 8 * 1024;
/** Share of U+FFFD / control characters above which invalid UTF-8 is taken for binary, not a stray Latin-1 byte. */
const MAX_SUSPICIOUS_RATIO = 0.1;

export type ReadResult =
  /** `bom` says the file started with a UTF-8 BOM (stripped from `text`), so a writer can put it back. */
  | { text: string; bom: boolean }
  | { diagnostic: FileDiagnostic };

export function readSourceFile(file: DiscoveredFile): ReadResult {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file.absPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? String(error));
    return diagnostic(file, 'unreadable', `file could not be read (${why})`);
  }

  // UTF-16 files are full of NULs; say what they are rather than just "binary".
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return diagnostic(file, 'binary', 'file is UTF-16 encoded; only UTF-8 source is supported');
  }
  const sniff = bytes.subarray(0, SNIFF_BYTES);
  if (sniff.includes(0)) return diagnostic(file, 'binary', 'file looks binary (NUL byte); not scanned');

  let text = bytes.toString('utf8');
  if (!isUtf8(bytes)) {
    // A few invalid bytes are usually a Latin-1 comment: scan it anyway (with U+FFFD in place).
    // Many mean it is not text at all.
    const sample = text.slice(0, SNIFF_BYTES);
    let suspicious = 0;
    for (let i = 0; i < sample.length; i++) {
      const c = sample.charCodeAt(i);
      if (c === 0xfffd || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b)) suspicious++;
    }
    if (suspicious / Math.max(sample.length, 1) > MAX_SUSPICIOUS_RATIO) {
      return diagnostic(file, 'binary', 'file is not valid UTF-8 text; not scanned');
    }
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  if (bom) text = text.slice(1);
  return { text, bom };
}

function diagnostic(file: DiscoveredFile, kind: FileDiagnostic['kind'], message: string): ReadResult {
  return { diagnostic: { file: file.relPath, kind, message } };
}
