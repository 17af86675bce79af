/**
 * The one place TypeScript is loaded. Everything else imports `ts` from here.
 *
 * `ts` is the compiler that ts-morph bundles (the same module object ts-morph itself uses, so
 * nodes, enums and functions are interchangeable with ts-morph's `ts`), loaded *without* the
 * ts-morph wrapper: `scan` builds its program with the compiler API alone, and the wrapper (with
 * the 5 MB of lib.d.ts text in @ts-morph/common) costs 60–200 ms of start-up that a scan does not
 * need. `loadTsMorph()` loads ts-morph for the code that does need it (transforms).
 *
 * Both are CommonJS: they are loaded with `require` (TypeScript emits `createRequire` for this
 * form), not `import`, so that Node does not run its CJS export lexer over them on every start.
 */
import tsBundle = require('@ts-morph/common/dist/typescript.js');
import { createRequire } from 'node:module';
import path from 'node:path';

export import ts = tsBundle;

const requireCjs = createRequire(import.meta.url);

/** ts-morph, loaded on first use (it shares `ts` with this module). */
export function loadTsMorph(): typeof import('ts-morph') {
  return requireCjs('ts-morph') as typeof import('ts-morph');
}

let bundledLib: { folder: string; files: Map<string, string> } | undefined;

/**
 * The default library (lib.*.d.ts) for `ts`, which ships none beside itself: ts-morph keeps the files' text
 * in memory, under a folder path no disk has. Without them a program has no Array or Map, and the checker
 * answers `any` for whatever flows through them.
 */
export function bundledLibFiles(): { folder: string; files: Map<string, string> } {
  if (bundledLib) return bundledLib;
  const common = requireCjs('@ts-morph/common') as { getLibFiles(): { fileName: string; text: string }[]; libFolderInMemoryPath: string };
  const folder = common.libFolderInMemoryPath;
  bundledLib = { folder, files: new Map(common.getLibFiles().map((f) => [path.join(folder, f.fileName), f.text])) };
  return bundledLib;
}
