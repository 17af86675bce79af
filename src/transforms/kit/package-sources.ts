/**
 * The source files of a package that a run did not load (tests beside `src/`, a client, scripts): what still refers
 * to something the run changes (the v1 SDK, zod, an export it removes) is found by a walk of the package's folder,
 * bounded so that a huge tree costs a bounded time. Past the bound the walk counts as "found": the caller keeps what
 * it would otherwise change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from '../../typescript.js';
import { readCurrentFile } from './file-overlay.js';

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', '.next', '.nuxt', '.test-tmp']);
const WALK_BUDGET = 5000;
/** How many files a walk returns at most before it stops (it then returns the file it stopped at too). */
export const SOURCES_BOUND = WALK_BUDGET + 1;

/**
 * The package's source files under `dir` (not in `known`, not in another package below it, not under a folder of
 * `skip`) whose text `matches`. Past WALK_BUDGET files the walk stops and returns the file it stopped at too.
 * `declarations`: the package's own declaration files (`src/types.d.ts`) too, but not one beside the TypeScript source
 * it was emitted from (`x.d.ts` next to `x.ts`: build output).
 */
export function sourcesOf(
  dir: string,
  known: ReadonlySet<string>,
  matches: (text: string, file: string) => boolean,
  skip: ReadonlySet<string> = new Set(),
  { extensionless = false, declarations = false, intoPackage }: { extensionless?: boolean; declarations?: boolean; intoPackage?: (dir: string) => boolean } = {},
): string[] {
  const out: string[] = [];
  let seen = 0;
  const walk = (current: string): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      return true;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        // Another package owns it, unless the caller counts that package's files as this one's (`intoPackage`).
        if (SKIP_DIRS.has(entry.name) || skip.has(full) || (fs.existsSync(path.join(full, 'package.json')) && !intoPackage?.(full))) continue;
        if (!walk(full)) return false;
      } else if (entry.isFile() && (SOURCE.test(entry.name) || (extensionless && !entry.name.includes('.'))) && (/\.d\.[cm]?ts$/.test(entry.name) ? declarations && !emittedBeside(full) : true) && !known.has(full)) {
        if (++seen > WALK_BUDGET) {
          out.push(full);
          return false;
        }
        let text = '';
        try {
          text = readCurrentFile(full);
        } catch {
          continue;
        }
        if (matches(text, full)) out.push(full);
      }
    }
    return true;
  };
  walk(dir);
  return out;
}

/** A declaration file next to the TypeScript source it was emitted from (`x.d.ts` beside `x.ts`, `x.d.mts` beside `x.mts`). */
function emittedBeside(file: string): boolean {
  const match = /\.d\.([cm]?)ts$/.exec(file)!;
  const stem = file.slice(0, match.index);
  return (match[1] ? [`.${match[1]}ts`] : ['.ts', '.tsx']).some((ext) => fs.existsSync(stem + ext));
}

/** The folder the package's tsconfig.json compiles into (`compilerOptions.outDir`): built copies of its sources. */
export function outDirOf(packageDir: string): string | undefined {
  const file = path.join(packageDir, 'tsconfig.json');
  let text: string;
  try {
    text = readCurrentFile(file);
  } catch {
    return undefined;
  }
  const parsed = ts.parseConfigFileTextToJson(file, text).config as { compilerOptions?: { outDir?: unknown } } | undefined;
  const outDir = parsed?.compilerOptions?.outDir;
  return typeof outDir === 'string' ? path.resolve(packageDir, outDir) : undefined;
}
