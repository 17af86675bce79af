/**
 * A small glob matcher for `--include` / `--exclude`. We compile globs to
 * regular expressions ourselves rather than pull in a glob library: the
 * syntax we promise is small (`**`, `*`, `?`, `[...]`, `{a,b}`, plain names)
 * and the semantics are chosen to match .gitignore intuition:
 *
 * - Patterns match root-relative posix paths. A leading `./` is dropped; a
 *   leading `/` anchors the pattern at the root.
 * - A pattern without a `/` (other than a trailing one) matches at any depth,
 *   so `fixtures` and `*.test.ts` work without a `**\/` prefix.
 * - A pattern that matches a directory matches everything beneath it, so
 *   `src/legacy` and `packages/*\/test` exclude whole trees. The walker relies
 *   on this to prune excluded directories without reading them.
 */

export type PathMatcher = (relPath: string) => boolean;

/** Compile several globs into one predicate (true if any matches). No patterns → never matches. */
export function compileGlobs(patterns: readonly string[]): PathMatcher {
  const regexes = patterns.filter((p) => p.trim() !== '').map(globToRegExp);
  if (regexes.length === 0) return () => false;
  return (relPath) => regexes.some((re) => re.test(relPath));
}

export function globToRegExp(pattern: string): RegExp {
  let p = pattern.trim().replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  let anchored = false;
  if (p.startsWith('/')) {
    anchored = true;
    p = p.replace(/^\/+/, '');
  }
  p = p.replace(/\/+$/, '');
  if (!anchored && !p.includes('/')) p = `**/${p}`;
  // The tail lets a directory match stand for everything inside it.
  return new RegExp(`^${translate(p)}(?:/.*)?$`);
}

/** A glob matched against a whole `/`-separated path (no any-depth prefix, no directory tail): workspace patterns. */
export function exactGlobRegExp(pattern: string): RegExp {
  return new RegExp(`^${translate(pattern.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, ''))}$`);
}

function translate(glob: string): string {
  let out = '';
  let braceDepth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atSegmentStart = i === 0 || glob[i - 1] === '/';
        i++;
        if (atSegmentStart && glob[i + 1] === '/') {
          // `**/` — zero or more whole directories.
          i++;
          out += '(?:[^/]*/)*';
        } else {
          out += '.*';
        }
      } else {
        out += '[^/]*';
      }
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) {
        out += '\\[';
      } else {
        let body = glob.slice(i + 1, close);
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        out += `[${body}]`;
        i = close;
      }
    } else if (c === '{') {
      braceDepth++;
      out += '(?:';
    } else if (c === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (c === ',' && braceDepth > 0) {
      out += '|';
    } else {
      out += c.replace(/[.+^$()|\\{}]/g, '\\$&');
    }
  }
  // Unbalanced `{` — close the groups so the RegExp still compiles.
  out += ')'.repeat(braceDepth);
  return out;
}
