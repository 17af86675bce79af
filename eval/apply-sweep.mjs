#!/usr/bin/env node
// "One run finishes the job" on servers apply-score.mjs does not score (issue 12). Plain Node >= 20, no dependencies.
//
// For each repository of eval/fetch-list.txt that eval/apply-list.txt does not hold (extracted under --repos by
// eval/fetch.sh; nothing is installed): copy the tree (without node_modules) to a scratch directory, commit it,
// run `mcp-migrate apply` on the list's paths (the server code scan's inventories cover), commit what it wrote,
// run `apply` a second time, and record:
// the exit codes, the files the first run changed, its transform failures and markers, whether it stopped with
// an error (a stack trace, exit 2), the files the second run changed (MIGRATION.md aside: it records every run)
// and the seconds each run took. Without dependencies `apply` cannot type-check, so that column is
// apply-score's alone; what this measures is that a run on code nobody tuned the tool for finishes, changes
// nothing on its second pass and fails no transform.
//
//   node eval/apply-sweep.mjs --out eval/results/apply-sweep-x      every such repository
//   node eval/apply-sweep.mjs --only 1mcp-app__agent                one of them
//   node eval/apply-sweep.mjs --list sweep-list.txt --repos /work/eval-repos-new --out eval/results/apply-sweep-new-x
//                                                                   every repository of another list (eval/fetch.sh DIR LIST)
//
// It also parses each file the first run changed, before and after, with the TypeScript compiler the tool itself
// ships (its syntax check only: nothing is installed): a file that gained syntax errors is one apply broke (a
// marker mid-token, an edit that cut a statement), which a run that finishes cannot show.
//
// Options: --list FILE (a list in fetch-list.txt format, relative to eval/ or absolute; default fetch-list.txt
// minus the repositories of apply-list.txt)  --repos DIR (default /work/eval-repos)  --bin PATH (default this checkout's bin/mcp-migrate.js)
// --only a,b  --timeout SECONDS (per run, default 900)  --work DIR (scratch, default $TMPDIR/mcp-migrate-apply-sweep)
// --out PREFIX (writes PREFIX.md and PREFIX.json)  --keep (leave each scratch tree, a git repository with a commit
// per run, for reading what apply wrote: `git -C DIR show HEAD~1`)  --modern-only (passed on to both runs of apply:
// the 2026-07-28-clients-only rewrite)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values: opt } = parseArgs({
  options: {
    list: { type: 'string' },
    repos: { type: 'string', default: '/work/eval-repos' },
    bin: { type: 'string', default: join(here, '..', 'bin', 'mcp-migrate.js') },
    only: { type: 'string' },
    timeout: { type: 'string', default: '900' },
    work: { type: 'string', default: join(tmpdir(), 'mcp-migrate-apply-sweep') },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'modern-only': { type: 'boolean', default: false },
  },
});
const bin = resolve(opt.bin);
const REPORT_FILE = 'MIGRATION.md';

/** Each line of a list file (comments and blank lines skipped), split into its columns. */
function listed(file) {
  return readFileSync(resolve(here, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split(/\s+/));
}

// The paths of fetch-list.txt are the ones scan's inventories were written against: the server code of
// each repository (a framework's or the SDK's examples, not the library itself). apply gets the same.
// Another list (--list) is taken whole: its repositories were chosen for the sweep.
const scored = new Set(opt.list ? [] : listed('apply-list.txt').map(([repo]) => repo));
let repos = listed(opt.list ?? 'fetch-list.txt')
  .filter(([repo]) => !scored.has(repo))
  .map(([repo, , paths = '.']) => ({ slug: repo.replace('/', '__'), paths: paths.split(',') }));
if (opt.only) {
  const only = new Set(opt.only.split(','));
  repos = repos.filter((r) => only.has(r.slug));
}

function git(cwd, ...args) {
  return spawnSync('git', ['-c', 'user.email=sweep@example.invalid', '-c', 'user.name=sweep', ...args], { cwd, encoding: 'utf8' });
}

function apply(cwd, paths) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [bin, 'apply', ...paths, ...(opt['modern-only'] ? ['--modern-only'] : []), '--format', 'json'], {
    cwd,
    encoding: 'utf8',
    timeout: Number(opt.timeout) * 1000,
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', CI: '1' },
  });
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    report = undefined;
  }
  const crashed = r.status === null || r.status === 2 || /\n\s+at .+:\d+:\d+\)?\n/.test(r.stderr ?? '');
  return { exit: r.status, seconds: Math.round((Date.now() - started) / 100) / 10, report, crashed, error: crashed ? (r.stderr ?? '').trim().split('\n').slice(0, 3).join(' ') : undefined };
}

// The TypeScript the tool runs with (resolved from the bin's package), for a syntax check of what apply wrote.
const ts = createRequire(bin)('typescript');
const SCRIPT_KINDS = { '.ts': ts.ScriptKind.TS, '.mts': ts.ScriptKind.TS, '.cts': ts.ScriptKind.TS, '.tsx': ts.ScriptKind.TSX, '.js': ts.ScriptKind.JS, '.mjs': ts.ScriptKind.JS, '.cjs': ts.ScriptKind.JS, '.jsx': ts.ScriptKind.JSX };

/** The syntax errors of one file's text (parse diagnostics only: no types, no imports). */
function syntaxErrors(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, SCRIPT_KINDS[extname(file)]);
  return sf.parseDiagnostics.map((d) => `${file}:${sf.getLineAndCharacterOfPosition(d.start).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

/** Of the files `changed` in `cwd` (working tree against HEAD), those with more syntax errors than before, with the new errors. */
function brokenSyntax(cwd, changed) {
  const broken = [];
  for (const file of changed.filter((f) => extname(f) in SCRIPT_KINDS)) {
    const path = join(cwd, file);
    if (!existsSync(path)) continue;
    const before = git(cwd, 'show', `HEAD:${file}`);
    const was = before.status === 0 ? syntaxErrors(file, before.stdout).length : 0;
    const now = syntaxErrors(file, readFileSync(path, 'utf8'));
    if (now.length > was) broken.push({ file, errors: now.slice(0, 3) });
  }
  return broken;
}

/** Files git sees changed in `cwd` since the last commit, MIGRATION.md aside. */
function changedFiles(cwd) {
  return git(cwd, 'status', '--porcelain', '--untracked-files=all')
    .stdout.split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3))
    .filter((f) => basename(f) !== REPORT_FILE);
}

const results = [];
for (const { slug, paths } of repos) {
  const source = join(opt.repos, slug);
  if (!existsSync(source)) {
    results.push({ repo: slug, error: `not extracted under ${opt.repos} (eval/fetch.sh)` });
    continue;
  }
  const tree = join(opt.work, slug);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  cpSync(source, tree, { recursive: true, filter: (src) => !/[\\/](node_modules|\.git)$/.test(src) });
  git(tree, 'init', '-q');
  git(tree, 'add', '-A');
  git(tree, 'commit', '-qm', 'before');
  process.stderr.write(`${slug}: first run\n`);
  const first = apply(tree, paths);
  const firstChanged = changedFiles(tree);
  const firstBroken = brokenSyntax(tree, firstChanged);
  git(tree, 'add', '-A');
  git(tree, 'commit', '-qm', 'first run');
  process.stderr.write(`${slug}: second run\n`);
  const second = apply(tree, paths);
  const secondChanged = changedFiles(tree);
  const secondBroken = brokenSyntax(tree, secondChanged);
  results.push({
    repo: slug,
    paths,
    first: { exit: first.exit, seconds: first.seconds, crashed: first.crashed, error: first.error, filesChanged: firstChanged.length, failures: first.report?.failures?.length ?? null, markers: first.report?.manual?.length ?? null, analysed: first.report?.summary?.filesAnalyzed ?? null, syntaxBroken: firstBroken },
    second: { exit: second.exit, seconds: second.seconds, crashed: second.crashed, error: second.error, filesChanged: secondChanged, syntaxBroken: secondBroken },
  });
  if (!opt.keep) rmSync(tree, { recursive: true, force: true });
}

const syntaxCell = (broken) => `${broken.length}${broken.length ? ` (${broken.slice(0, 3).map((b) => b.errors[0]).join('; ')})` : ''}`;
const rows = results.map((r) =>
  r.error
    ? `| ${r.repo} | — | — | — | — | — | — | — | — | ${r.error} |`
    : `| ${r.repo} | ${r.first.exit} | ${r.first.analysed ?? '—'} | ${r.first.filesChanged} | ${r.first.markers ?? '—'} | ${r.first.failures ?? '—'} | ${syntaxCell([...r.first.syntaxBroken, ...r.second.syntaxBroken])} | ${r.first.seconds} | ${r.second.filesChanged.length}${r.second.filesChanged.length ? ` (${r.second.filesChanged.slice(0, 3).join(', ')})` : ''} | ${[r.first.error, r.second.error].filter(Boolean).join('; ')} |`,
);
const ran = results.filter((r) => !r.error);
const total = {
  repos: results.length,
  ran: ran.length,
  crashed: ran.filter((r) => r.first.crashed || r.second.crashed).length,
  withFailures: ran.filter((r) => (r.first.failures ?? 0) > 0).length,
  secondRunChanged: ran.filter((r) => r.second.filesChanged.length > 0).length,
  syntaxBroken: ran.filter((r) => r.first.syntaxBroken.length + r.second.syntaxBroken.length > 0).length,
};
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dirname(bin), encoding: 'utf8' }).stdout.trim();
const md = [
  '# apply on servers it is not scored on: one run finishes',
  '',
  `mcp-migrate ${commit} (${bin})${opt['modern-only'] ? ' apply --modern-only' : ''}, ${new Date().toISOString()}; dependencies not installed (no type check). Script: eval/apply-sweep.mjs.`,
  '',
  `Repositories: ${opt.list ?? 'fetch-list.txt minus apply-list.txt'}, extracted under ${opt.repos}.`,
  '',
  '| repository | exit | files analysed | files changed | markers | transform failures | files with new syntax errors | seconds | 2nd-run files changed | error |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `**Total**: ${total.ran} of ${total.repos} repositories run; stopped with an error: ${total.crashed}; transform failures on ${total.withFailures}; second run changed files on ${total.secondRunChanged}; syntax errors gained on ${total.syntaxBroken}.`,
  '',
].join('\n');
if (opt.out) {
  writeFileSync(`${opt.out}.md`, md);
  writeFileSync(`${opt.out}.json`, JSON.stringify({ bin, commit, modernOnly: opt['modern-only'], date: new Date().toISOString(), totals: total, results }, null, 2) + '\n');
}
process.stdout.write(md);
