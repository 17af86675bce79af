/**
 * Glob matching for `--include` / `--exclude`, test-file globs and workspace patterns, by
 * picomatch: its syntax is the one users know from other tools (`**`, `*`, `?`, `[...]`,
 * `[!...]`, `{a,b}`, extglobs such as `+(a|b)`, `\` escaping a special character). On top of it
 * we keep the .gitignore intuitions our options have always had:
 *
 * - Patterns match root-relative posix paths. A leading `./` is dropped; a leading `/` anchors the
 *   pattern at the root.
 * - A pattern without a `/` (other than a trailing one) matches at any depth, so `fixtures` and
 *   `*.test.ts` work without a `**\/` prefix.
 * - A pattern that matches a directory matches everything beneath it, so `src/legacy` and
 *   `packages/*\/test` exclude whole trees. The walker relies on this to prune excluded
 *   directories without reading them.
 * - A pattern starting with `!` is a negation: a path matches a list when it matches one of its
 *   positive patterns (every path, if there are none) and none of its negations. So
 *   `--exclude '!src/**'` leaves out everything outside src/, and `--exclude dist --exclude
 *   '!dist/keep.ts'` keeps that one file.
 */
import picomatch from 'picomatch';

export interface PathMatcher {
  (relPath: string): boolean;
  /**
   * True when the directory `relPath` and everything beneath it match, so a walker may skip it
   * unread. False when a negation might bring back something inside it.
   */
  coversDirectory(relPath: string): boolean;
}

/** dot: `*` matches dotfiles (as our hand-written matcher did); posix: `[!a]` negates a class. */
const PICOMATCH_OPTIONS = { dot: true, posix: true } as const;

/** Compile several globs into one predicate (see the header for negations). No patterns → never matches. */
export function compileGlobs(patterns: readonly string[]): PathMatcher {
  const positive: Array<(p: string) => boolean> = [];
  const negated: Array<{ matches: (p: string) => boolean; base: string }> = [];
  for (const raw of patterns) {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed === '!') continue;
    if (trimmed.startsWith('!')) {
      const glob = normalizeGlob(trimmed.slice(1));
      negated.push({ matches: directoryGlobMatcher(glob), base: picomatch.scan(glob).base });
    } else {
      positive.push(directoryGlobMatcher(normalizeGlob(trimmed)));
    }
  }
  if (positive.length === 0 && negated.length === 0) return Object.assign(() => false, { coversDirectory: () => false });
  const matches = (relPath: string): boolean =>
    (positive.length === 0 || positive.some((m) => m(relPath))) && !negated.some((n) => n.matches(relPath));
  // A negation can only bring back paths under its static base (`dist/keep.ts` → `dist`); one without a
  // base (`**/*.keep.ts`, `*.md`) may match anywhere, so no directory is covered whole.
  const negationMayReach = (dir: string): boolean =>
    negated.some(({ base }) => base === '' || base === dir || base.startsWith(`${dir}/`) || dir.startsWith(`${base}/`));
  return Object.assign(matches, { coversDirectory: (dir: string) => matches(dir) && !negationMayReach(dir) });
}

/** `./x` → `x`, `/x` → `x` (anchored), `x/` → `x`, and a slash-less name gets the any-depth prefix. */
function normalizeGlob(pattern: string): string {
  let p = pattern;
  while (p.startsWith('./')) p = p.slice(2);
  let anchored = false;
  if (p.startsWith('/')) {
    anchored = true;
    p = p.replace(/^\/+/, '');
  }
  p = p.replace(/\/+$/, '');
  if (!anchored && !p.includes('/')) p = `**/${p}`;
  return p;
}

/** Matches the paths the glob names and everything beneath them (a directory stands for its tree). */
function directoryGlobMatcher(glob: string): (relPath: string) => boolean {
  const itself = picomatch(glob, PICOMATCH_OPTIONS);
  const beneath = picomatch(`${glob}/**`, PICOMATCH_OPTIONS);
  return (relPath) => itself(relPath) || beneath(relPath);
}

/** A glob matched against a whole `/`-separated path (no any-depth prefix, no directory tail): workspace patterns. */
export function exactGlobRegExp(pattern: string): RegExp {
  return picomatch.makeRe(pattern.replace(/^\.\//, '').replace(/\/+$/, ''), PICOMATCH_OPTIONS);
}
