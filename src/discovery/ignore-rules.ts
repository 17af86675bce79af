/**
 * .gitignore / .mcp-migrateignore handling on top of the `ignore` package.
 *
 * `ignore` evaluates one rule list against paths relative to one directory.
 * Git layers one list per directory, deeper files taking precedence. Testing
 * each layer separately and combining verdicts goes wrong when a deeper file
 * re-includes a directory a shallower one excluded (`ignore` reports the
 * child as ignored "because its parent is", per layer). So instead we rewrite
 * every nested file's patterns to be relative to a single base directory
 * (`*.log` in `pkg/.gitignore` becomes `pkg/**\/*.log`) and append them to a
 * copy of the parent's list; last match wins, exactly as in git.
 *
 * Directories without ignore files share their parent's instance, so the
 * `ignore` result cache is shared too.
 */
import fs from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';

export type Rules = ignore.Ignore | undefined;

const GITIGNORE = '.gitignore';
const TOOL_IGNORE = '.mcp-migrateignore';

// Git on macOS and Windows matches case-insensitively by default (core.ignorecase).
const IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';

/** Ignore file names to look for in each directory, in increasing precedence. */
export function ignoreFileNames(respectGitignore: boolean): string[] {
  return respectGitignore ? [GITIGNORE, TOOL_IGNORE] : [TOOL_IGNORE];
}

/**
 * Rules in force inside `dirAbs`: the parent's plus the ignore files found
 * there. `dirRel` is `dirAbs` relative to the base (posix, '' for the base).
 * `present` lists which of the ignore file names exist (the walker already
 * has the directory listing, so we never probe for files that are not there).
 */
export function extendRules(parent: Rules, dirAbs: string, dirRel: string, present: readonly string[]): Rules {
  let next: Rules = parent;
  for (const name of present) {
    let content: string;
    try {
      content = fs.readFileSync(path.join(dirAbs, name), 'utf8');
    } catch {
      continue; // An unreadable ignore file is treated as absent.
    }
    const patterns = rebasePatterns(content, dirRel);
    if (patterns.length === 0) continue;
    next = ignore({ ignorecase: IGNORE_CASE }).add(next ?? []).add(patterns);
  }
  return next;
}

/** `rel` is relative to the base, posix; directories are tested with a trailing slash so `dir/` rules apply. */
export function isIgnored(rules: Rules, rel: string, isDir: boolean): boolean {
  if (!rules || rel === '') return false;
  return rules.ignores(isDir ? `${rel}/` : rel);
}

/**
 * Rewrite a .gitignore's patterns so they mean the same thing when evaluated
 * from the base directory instead of from `dirRel`.
 */
export function rebasePatterns(content: string, dirRel: string): string[] {
  const out: string[] = [];
  const prefix = escapeLiteral(dirRel);
  for (const raw of content.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, ''); // git strips unescaped trailing blanks
    if (line === '' || line.startsWith('#')) continue;
    if (!dirRel) {
      out.push(line);
      continue;
    }
    let neg = '';
    if (line.startsWith('!')) {
      neg = '!';
      line = line.slice(1);
    }
    // A slash at the start or in the middle anchors the pattern to its own directory;
    // otherwise it matches at any depth below it.
    const anchored = line.replace(/\/+$/, '').includes('/');
    line = line.replace(/^\/+/, '');
    out.push(`${neg}${prefix}/${anchored ? '' : '**/'}${line}`);
  }
  return out;
}

function escapeLiteral(dirRel: string): string {
  return dirRel.replace(/[\\*?[\]]/g, '\\$&').replace(/^[!#]/, '\\$&');
}

/** Nearest directory at or above `dir` that contains `.git` (a dir, or a file for worktrees/submodules). */
export function findGitRoot(dir: string): string | undefined {
  for (let d = dir; ; ) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    const up = path.dirname(d);
    if (up === d) return undefined;
    d = up;
  }
}

/** `.git/info/exclude` applies like a root .gitignore with lower precedence. */
export function gitInfoExclude(gitRoot: string): Rules {
  try {
    const content = fs.readFileSync(path.join(gitRoot, '.git', 'info', 'exclude'), 'utf8');
    const patterns = rebasePatterns(content, '');
    return patterns.length ? ignore({ ignorecase: IGNORE_CASE }).add(patterns) : undefined;
  } catch {
    return undefined;
  }
}
