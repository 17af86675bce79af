#!/usr/bin/env node
// Measure `mcp-migrate apply` on real servers (issue 12, "Measure"). Plain Node >= 20, no dependencies.
//
// For each server of eval/apply-list.txt (extracted at its pinned commit under --repos, see eval/fetch.sh):
// copy the tree to a scratch directory, commit it, install its dependencies, type-check, scan, apply, scan
// again, install what apply asked for, type-check again, and apply a second time. Every step is recorded;
// eval/README.md ("Scoring apply") defines each column.
//
//   node eval/apply-score.mjs                               every server of the list, tables on stdout
//   node eval/apply-score.mjs --only tobi__qmd,supercorp-ai__supergateway --out eval/results/apply-x
//   node eval/apply-score.mjs --hand --out eval/results/apply-hand-x   the three hand migrations
//
// Options: --repos DIR (default /work/eval-repos)  --list FILE  --bin PATH (default this checkout's
// bin/mcp-migrate.js)  --only a,b  --timeout SECONDS (per server, default 900)  --work DIR (scratch, default
// $TMPDIR/mcp-migrate-apply-eval)  --keep (keep the scratch trees)  --out PREFIX (writes PREFIX.md and
// PREFIX.json)  --apply-arg ARG (repeatable: passed to every apply, e.g. --apply-arg=--target=stateless-v1)
// --hand (score the hand migrations of eval/apply-hand-migrations.json instead of the list)
// --install-only (fill the install cache of the extracted trees, score nothing)
// --merge a.json,b.json (one table from runs over parts of the list; with --out)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { blankComments, classifyFindings, judgeChanges, newTypeErrors, notFoundPackages, parseDiff } from './apply-lines.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const checkout = resolve(here, '..');
const { values: opt } = parseArgs({
  options: {
    repos: { type: 'string', default: '/work/eval-repos' },
    list: { type: 'string', default: join(here, 'apply-list.txt') },
    bin: { type: 'string', default: join(checkout, 'bin', 'mcp-migrate.js') },
    only: { type: 'string' },
    timeout: { type: 'string', default: '900' },
    work: { type: 'string', default: join(tmpdir(), 'mcp-migrate-apply-eval') },
    keep: { type: 'boolean', default: false },
    out: { type: 'string' },
    'apply-arg': { type: 'string', multiple: true, default: [] },
    hand: { type: 'boolean', default: false },
    'install-only': { type: 'boolean', default: false },
    merge: { type: 'string' },
    'hand-file': { type: 'string', default: join(here, 'apply-hand-migrations.json') },
  },
});
const bin = resolve(opt.bin);
const perServerMs = Number(opt.timeout) * 1000;
const REPORT_FILE = 'MIGRATION.md';
// ---------- processes ----------

function run(cmd, args, { cwd, deadline, env } = {}) {
  const started = Date.now();
  const timeout = deadline ? Math.max(1000, deadline - Date.now()) : undefined;
  const r = spawnSync(cmd, args, {
    cwd,
    timeout,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', CI: '1', ...env },
  });
  return {
    code: r.status,
    timedOut: r.error?.code === 'ETIMEDOUT' || (r.signal === 'SIGTERM' && timeout !== undefined),
    error: r.error && r.error.code !== 'ETIMEDOUT' ? String(r.error.message) : undefined,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

const tail = (text, lines = 8) => text.trim().split('\n').slice(-lines).join('\n');

function git(cwd, ...args) {
  const r = run('git', ['-c', 'user.name=eval', '-c', 'user.email=eval@localhost', '-c', 'core.autocrlf=false', ...args], { cwd });
  if (r.code !== 0) throw new Error(`git ${args.join(' ')}: ${tail(r.stderr)}`);
  return r.stdout;
}

// ---------- the list ----------

function readList(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [repo, commit, dir = '.', paths = '.', tsconfig = 'tsconfig.json', pm = 'npm'] = l.split(/\s+/);
      return { repo, slug: repo.replace('/', '__'), commit, dir, paths: paths.split(','), tsconfig, pm };
    });
}

// ---------- install (cached in the extracted tree) ----------

function installCommand(pm, pkgDir) {
  // npx runs outside the project: in it, npm would enforce the project's devEngines (which name pnpm) on npx.
  const pnpm = ['--yes', 'pnpm@10', '--dir', pkgDir, 'install', '--ignore-scripts', '--no-frozen-lockfile'];
  if (pm === 'pnpm') return ['npx', [...pnpm, '--config.confirmModulesPurge=false', '--config.manage-package-manager-versions=false'], tmpdir()];
  return ['npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], pkgDir];
}

/** The project's package.json files (node_modules apart) that declare `name` in any dependency field. */
function manifestsDeclaring(root, name) {
  const out = [];
  const walk = (dir, depth) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory() && depth < 4 && e.name !== 'node_modules' && !e.name.startsWith('.')) walk(join(dir, e.name), depth + 1);
      else if (e.isFile() && e.name === 'package.json') {
        const file = join(dir, e.name);
        const json = JSON.parse(readFileSync(file, 'utf8'));
        if (DEPENDENCY_FIELDS.some((f) => json[f]?.[name] !== undefined)) out.push(file);
      }
    }
  };
  walk(root, 0);
  return out;
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/**
 * Install; when the registry lacks a package that a package.json of the tree declares directly, install again
 * without it (up to three rounds) and put every manifest back as it was. What was left out is recorded
 * (`withoutUnavailable`): the type-check then lacks only those packages' types, which the table says.
 */
function install(pkgDir, pm, deadline, root = pkgDir) {
  const [cmd, args, cwd] = installCommand(pm, pkgDir);
  const dropped = [];
  const saved = new Map();
  try {
    for (let round = 0; ; round++) {
      const r = run(cmd, args, { cwd, deadline });
      const log = r.code === 0 ? undefined : tail(r.stderr || r.stdout);
      const missing = r.code === 0 || r.timedOut || round === 3 ? [] : notFoundPackages(`${r.stderr}\n${r.stdout}`).filter((n) => !dropped.includes(n));
      const declaring = missing.map((name) => [name, manifestsDeclaring(root, name)]);
      if (!declaring.length || declaring.some(([, files]) => files.length === 0)) {
        return { ok: r.code === 0, seconds: r.seconds, timedOut: r.timedOut, log, ...(dropped.length ? { withoutUnavailable: dropped } : {}) };
      }
      for (const [name, files] of declaring) {
        dropped.push(name);
        for (const file of files) {
          if (!saved.has(file)) saved.set(file, readFileSync(file, 'utf8'));
          const json = JSON.parse(readFileSync(file, 'utf8'));
          for (const f of DEPENDENCY_FIELDS) if (json[f]) delete json[f][name];
          writeFileSync(file, JSON.stringify(json, null, 2) + '\n');
        }
      }
    }
  } finally {
    for (const [file, text] of saved) writeFileSync(file, text);
  }
}

/** Install once into the extracted tree so every run copies node_modules instead of downloading again. */
function cachedInstall(src, entry, deadline) {
  const stamp = join(src, '.apply-eval-install.json');
  if (existsSync(stamp)) return { ...JSON.parse(readFileSync(stamp, 'utf8')), cached: true };
  const result = install(join(src, entry.dir), entry.pm, deadline, src);
  if (!result.timedOut) writeFileSync(stamp, JSON.stringify(result, null, 2));
  return result;
}

// ---------- type check ----------

const TSC_ERROR = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

function findTsc(pkgDir, stopAt) {
  for (let dir = pkgDir; ; dir = dirname(dir)) {
    const tsc = join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
    if (existsSync(tsc)) return tsc;
    if (dir === stopAt || dir === dirname(dir)) break;
  }
  return join(checkout, 'node_modules', 'typescript', 'bin', 'tsc');
}

function typecheck(pkgDir, root, tsconfig, deadline) {
  if (!existsSync(join(pkgDir, tsconfig))) return { errors: null, note: `no ${tsconfig}` };
  const tsc = findTsc(pkgDir, root);
  const r = run('node', [tsc, '--noEmit', '--pretty', 'false', '-p', tsconfig], { cwd: pkgDir, deadline });
  if (r.timedOut) return { errors: null, note: 'timed out' };
  const lines = r.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
  const located = lines.map((l) => l.match(TSC_ERROR)).filter(Boolean);
  return {
    errors: lines.length,
    tsc: relative(root, tsc).startsWith('..') ? 'mcp-migrate checkout' : 'project',
    seconds: r.seconds,
    list: located.map((m) => ({ file: m[1], line: Number(m[2]), code: m[4], message: m[5] })),
    unlocated: lines.filter((l) => !TSC_ERROR.test(l)),
  };
}

// ---------- mcp-migrate ----------

function cli(pkgDir, args, deadline) {
  const r = run('node', [bin, ...args], { cwd: pkgDir, deadline });
  let json;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { exit: r.code, timedOut: r.timedOut, seconds: r.seconds, json, stderr: tail(r.stderr, 12) };
}

/** Gate findings (not suppressed), with absolute file paths. */
function findingsOf(scanJson, pkgDir) {
  const base = resolve(pkgDir, scanJson?.root ?? '.');
  return (scanJson?.findings ?? [])
    .filter((f) => !f.suppressed)
    .map((f) => ({ ruleId: f.ruleId, category: f.category, line: f.line, abs: resolve(base, f.file), file: f.file, ...(f.replaces ? { replaces: f.replaces.map((r) => ({ ...r, ...(r.file ? { abs: resolve(base, r.file) } : {}) })) } : {}) }));
}

// ---------- one server ----------

function changedFiles(work) {
  return git(work, 'status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));
}

function evaluate(entry, { inspect } = {}) {
  const started = Date.now();
  const deadline = started + perServerMs;
  const result = { server: entry.slug, repo: entry.repo, commit: entry.commit, dir: entry.dir, paths: entry.paths };
  const src = entry.tree ?? join(opt.repos, entry.slug);
  if (!existsSync(src)) return { ...result, skipped: `not fetched: ${src} (eval/fetch.sh)` };
  const step = (name) => {
    result.lastStep = name;
    process.stderr.write(`  ${entry.slug}: ${name} (${Math.round((Date.now() - started) / 1000)} s)\n`);
    if (Date.now() > deadline) throw new Error(`time limit (${opt.timeout} s) reached before ${name}`);
  };
  const work = join(opt.work, entry.slug);
  try {
    step('install (cached)');
    result.install = cachedInstall(src, entry, deadline);
    step('copy');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(dirname(work), { recursive: true });
    const cp = run('cp', ['-a', src, work]);
    if (cp.code !== 0) throw new Error(`cp: ${tail(cp.stderr)}`);
    git(work, 'init', '-q');
    writeFileSync(join(work, '.git', 'info', 'exclude'), 'node_modules/\n.apply-eval-install.json\n');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '--no-verify', '-m', 'pinned commit');
    const pkg = join(work, entry.dir);

    step('type-check before');
    // Without its dependencies a project's count says nothing of the migration (apify's tsconfig extends
    // @apify/tsconfig and its TypeScript is a devDependency: 2,012 errors from our compiler, none of them its own).
    const notInstalled = { errors: null, note: 'not type-checked: the install failed' };
    const tscBefore = result.install.ok ? typecheck(pkg, work, entry.tsconfig, deadline) : notInstalled;
    step('scan before');
    const scanBefore = cli(pkg, ['scan', ...entry.paths, '--format', 'json', '--fail-on', 'none'], deadline);
    if (!scanBefore.json) throw new Error(`scan before: exit ${scanBefore.exit} ${scanBefore.stderr}`);

    step('apply');
    const run1 = cli(pkg, ['apply', ...entry.paths, '--format', 'json', ...opt['apply-arg']], deadline);
    result.apply = {
      exit: run1.exit,
      timedOut: run1.timedOut,
      seconds: run1.seconds,
      failures: run1.json?.failures ?? [],
      skippedChanged: run1.json?.skippedChanged ?? [],
      diagnostics: run1.json?.diagnostics ?? [],
      stores: (run1.json?.stores ?? []).map((s) => `${s.file}:${s.line} ${s.store} ${s.status}`),
      // What apply itself said of the build: the new type errors it named, and what it could not check.
      typeErrorsNamed: run1.json?.typeErrors?.length,
      notTypeChecked: (run1.json?.typeCheck?.notChecked ?? []).map((n) => n.reason ?? String(n)),
      // The SDK v2 move apply held back (the code stayed on SDK 1.x) and the errors it predicted for it.
      heldBack: run1.json?.heldBack ? { transform: run1.json.heldBack.transform, predicted: run1.json.heldBack.predicted.map((e) => `${e.file}:${e.line} ${e.code} [${e.transforms.join(', ')}]`) } : undefined,
      stderr: run1.json ? undefined : run1.stderr,
    };
    const changed = changedFiles(work);
    const reportPath = relative(work, join(pkg, REPORT_FILE));
    result.filesChanged = changed.filter((f) => f !== reportPath);
    result.reportWritten = changed.includes(reportPath);
    git(work, 'add', '-A');
    // `-w`: a line apply only re-indented (a registration moved into its handler) is not a changed line, so it
    // maps to its own new line instead of to the whole hunk around it.
    const diffText = run('git', ['diff', '-U0', '-w', '--no-color', '--no-renames', '--cached'], { cwd: work }).stdout;
    const diff = parseDiff(diffText, work);
    // The report quotes the markers it lists; only markers in the project's files count.
    diff.delete(join(pkg, REPORT_FILE));
    const markers = [...diff.values()].flatMap((d) => d.markers);
    result.markers = { todo: markers.filter((m) => m.rule !== 'codemod-error').length, codemodError: markers.filter((m) => m.rule === 'codemod-error').length };
    git(work, 'commit', '-q', '--no-verify', '--allow-empty', '-m', 'apply, first run');
    if (inspect) result.hand = inspect(pkg, diff);

    step('scan after');
    const scanAfter = cli(pkg, ['scan', ...entry.paths, '--format', 'json', '--fail-on', 'none'], deadline);
    const before = findingsOf(scanBefore.json, pkg);
    const after = findingsOf(scanAfter.json, pkg);
    // Each changed file's text before and after, for the findings' lines that moved (anchoredLine).
    const texts = new Map();
    for (const abs of new Set(before.map((f) => f.abs))) {
      const fileDiff = diff.get(abs);
      if (!fileDiff || fileDiff.deleted) continue;
      const original = run('git', ['show', `HEAD~1:${relative(work, abs).split(sep).join('/')}`], { cwd: work });
      if (original.code === 0 && existsSync(abs)) texts.set(abs, { before: original.stdout, after: readFileSync(abs, 'utf8') });
    }
    const { verdicts, introduced } = classifyFindings(before, after, diff, texts);
    const count = (v) => verdicts.filter((f) => f.verdict === v).length;
    result.findings = {
      before: before.length,
      after: scanAfter.json ? after.length : null,
      rewritten: count('rewritten'),
      marked: count('marked'),
      left: count('left'),
      introduced: introduced.length,
    };
    result.findingsDetail = verdicts.map((f) => `${f.verdict} ${f.file}:${f.line} ${f.ruleId}`);
    result.introducedDetail = introduced.map((f) => `${f.file}:${f.line} ${f.ruleId}`);

    step('install after apply');
    const pkgJsonChanged = result.filesChanged.some((f) => f.endsWith('package.json'));
    result.installAfter = pkgJsonChanged ? install(pkg, entry.pm, deadline, work) : { ok: result.install.ok, unchanged: true };
    step('type-check after');
    const tscAfter = result.installAfter.ok ? typecheck(pkg, work, entry.tsconfig, deadline) : notInstalled;
    result.typeErrors = {
      before: tscBefore.errors,
      after: tscAfter.errors,
      checker: tscBefore.tsc,
      note: tscBefore.note ?? tscAfter.note,
      new: newTypeErrors(tscBefore, tscAfter).slice(0, 40),
      unlocatedAfter: tscAfter.unlocated?.slice(0, 5),
    };
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '--no-verify', '--allow-empty', '-m', 'install after apply');

    step('apply, second run');
    const run2 = cli(pkg, ['apply', ...entry.paths, '--format', 'json', ...opt['apply-arg']], deadline);
    const changed2 = changedFiles(work);
    result.secondRun = {
      exit: run2.exit,
      timedOut: run2.timedOut,
      filesChanged: changed2.filter((f) => f !== reportPath),
      reportRewritten: changed2.includes(reportPath),
      failures: run2.json?.failures ?? [],
      stderr: run2.json ? undefined : run2.stderr,
    };
    delete result.lastStep;
  } catch (error) {
    result.error = String(error.message ?? error);
  } finally {
    result.seconds = Math.round((Date.now() - started) / 1000);
    if (!opt.keep) rmSync(work, { recursive: true, force: true });
  }
  return result;
}

// ---------- hand migrations ----------

/** The inventory's migrations by id (filled by main with --hand). */
const handMigrations = new Map();

/** Each maintainer change of the inventory, judged on the tree after apply's first run. */
function judgeHandChanges(migration) {
  return (pkg, diff) =>
    judgeChanges(migration.changes, {
      code: (file) => {
        const path = join(pkg, file);
        if (!existsSync(path) || !statSync(path).isFile()) return undefined;
        const body = readFileSync(path, 'utf8');
        return file.endsWith('.json') ? body : blankComments(body);
      },
      markers: (file) => diff.get(resolve(pkg, file))?.markers ?? [],
    });
}

const sharedTree = (tree) => (tree && existsSync(tree) ? tree : undefined);

/** The tree of a hand migration at `commit` (its parent by default), fetched once into <repos>/<folder>. */
function ensureHandTree(m, commit = m.parent, folder = 'hand') {
  const dest = join(opt.repos, folder);
  const tree = join(dest, m.repo.replace('/', '__'));
  if (!existsSync(tree)) {
    const list = join(tmpdir(), `apply-hand-${process.pid}.txt`);
    writeFileSync(list, `${m.repo} ${commit}\n`);
    const r = run('bash', [join(here, 'fetch.sh'), dest, list]);
    rmSync(list, { force: true });
    if (r.code !== 0) throw new Error(`fetch ${m.repo}@${commit}: ${tail(r.stderr)}`);
  }
  return tree;
}

/**
 * What scan still reports on the maintainer's own migration (the migration commit): the reference for apply's
 * "findings after". A hand migration keeps what its maintainer chose to keep (an HTTP+SSE endpoint for 2025-era
 * clients, background logging, a legacy-only oninitialized), so even it does not take every finding away.
 */
function maintainerFindings(m) {
  const tree = ensureHandTree(m, m.commit, 'hand-after');
  const pkg = join(tree, m.dir);
  const scan = cli(pkg, ['scan', ...(m.paths ?? ['.']), '--format', 'json', '--fail-on', 'none'], Date.now() + perServerMs);
  if (!scan.json) return { error: `scan: exit ${scan.exit} ${scan.stderr}` };
  const findings = findingsOf(scan.json, pkg);
  const byRule = {};
  for (const f of findings) byRule[f.ruleId] = (byRule[f.ruleId] ?? 0) + 1;
  return { commit: m.commit, after: findings.length, byRule };
}

// ---------- tables ----------

const pct = (a, b) => (b ? `${Math.round((100 * a) / b)}%` : '—');
const arrow = (a, b) => `${a ?? '—'} → ${b ?? '—'}`;

function serverRow(r) {
  if (r.skipped) return `| ${r.server} | skipped: ${r.skipped} |||||||||`;
  const f = r.findings;
  const t = r.typeErrors;
  const installNote = (i) =>
    i?.ok === false ? ' (install failed)' : i?.withoutUnavailable ? ` (installed without ${i.withoutUnavailable.join(', ')}: not on the registry)` : '';
  const notes = [...new Set([installNote(r.install), installNote(r.installAfter)])].join('');
  const errors = t ? `${arrow(t.before, t.after)}${notes}` : '—';
  const second = r.secondRun ? `${r.secondRun.filesChanged.length}${r.secondRun.reportRewritten ? ' + report' : ''}` : '—';
  const failures = r.apply ? r.apply.failures.length + (r.secondRun?.failures.length ?? 0) : '—';
  return [
    r.server,
    r.apply?.exit ?? '—',
    r.filesChanged?.length ?? '—',
    f ? arrow(f.before, f.after) : '—',
    f ? `${f.rewritten} (${pct(f.rewritten, f.before)})` : '—',
    f?.marked ?? '—',
    f?.left ?? '—',
    r.markers ? `${r.markers.todo} / ${r.markers.codemodError}` : '—',
    second,
    errors,
    failures,
    r.error ? `${r.error.slice(0, 80)} (at ${r.lastStep})` : '',
  ]
    .join(' | ')
    .replace(/^/, '| ')
    .concat(' |');
}

function totals(results) {
  const done = results.filter((r) => r.findings);
  const sum = (get) => done.reduce((s, r) => s + (get(r) ?? 0), 0);
  const typed = results.filter((r) => r.typeErrors?.before != null && r.typeErrors?.after != null && r.install?.ok && r.installAfter?.ok);
  return {
    servers: results.length,
    scored: done.length,
    findingsBefore: sum((r) => r.findings.before),
    rewritten: sum((r) => r.findings.rewritten),
    marked: sum((r) => r.findings.marked),
    left: sum((r) => r.findings.left),
    shareRewritten: sum((r) => r.findings.before) ? sum((r) => r.findings.rewritten) / sum((r) => r.findings.before) : null,
    markersTodo: sum((r) => r.markers?.todo),
    markersCodemodError: sum((r) => r.markers?.codemodError),
    exitCodes: Object.fromEntries(
      [...new Set(results.map((r) => r.apply?.exit ?? 'none'))].map((c) => [c, results.filter((r) => (r.apply?.exit ?? 'none') === c).length]),
    ),
    secondRunChangedServers: results.filter((r) => r.secondRun?.filesChanged.length).length,
    serversWithFailures: results.filter((r) => r.apply?.failures.length || r.secondRun?.failures.length).length,
    typeCheckedServers: typed.length,
    serversGainingTypeErrors: typed.filter((r) => r.typeErrors.after > r.typeErrors.before).length,
    cleanBeforeBrokenAfter: typed.filter((r) => r.typeErrors.before === 0 && r.typeErrors.after > 0).length,
    errors: results.filter((r) => r.error).length,
  };
}

function markdown(results, meta) {
  const t = totals(results);
  const lines = [
    `# apply on real servers`,
    '',
    `mcp-migrate ${meta.binCommit} (${meta.bin}), ${meta.date}; apply args: ${meta.applyArgs.join(' ') || '(defaults)'}.`,
    `Columns are defined in eval/README.md ("Scoring apply").`,
    '',
    '| server | exit | files changed | findings before → after | rewritten (share) | marked | left | markers todo / codemod | 2nd-run files | type errors before → after | failures | error |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(serverRow),
    '',
    `**Total** (${t.scored} of ${t.servers} servers scored): ${t.findingsBefore} findings before; ${t.rewritten} rewritten ` +
      `(${t.shareRewritten === null ? '—' : `${Math.round(100 * t.shareRewritten)}%`}), ${t.marked} marked, ${t.left} left. ` +
      `Markers: ${t.markersTodo} todo, ${t.markersCodemodError} codemod-error. Exit codes: ${JSON.stringify(t.exitCodes)}. ` +
      `Second run changed files on ${t.secondRunChangedServers} servers; transform failures on ${t.serversWithFailures}. ` +
      `Type-checked before and after (both installs succeeded): ${t.typeCheckedServers}; gained type errors: ${t.serversGainingTypeErrors} ` +
      `(clean before, broken after: ${t.cleanBeforeBrokenAfter}). Runs that stopped with an error: ${t.errors}.`,
  ];
  const hands = results.filter((r) => r.hand);
  if (hands.length) {
    lines.push('', '## Hand migrations: each maintainer change', '', '| migration | change | file | serving | verdict |', '|---|---|---|---|---|');
    for (const r of hands) {
      for (const c of r.hand) {
        const label = `${c.id}: ${c.what}${c.required ? '' : ' *(not required)*'}`;
        lines.push(`| ${r.server} | ${label} | ${c.file} | ${c.serving ? 'yes' : ''} | ${c.verdict} |`);
      }
    }
    const withReference = hands.filter((r) => r.maintainer && r.findings);
    if (withReference.length) {
      lines.push(
        '',
        "## Findings left: apply's first run against the maintainer's own migration",
        '',
        "apply's share is the findings it resolved by rewriting (gone, no marker), as in the table above; a marker can stand for several findings, so " +
          "apply's count of findings after is not compared. The maintainer's share is before − after on the migration commit, scanned by the same `scan`.",
        '',
        "| migration | findings before | rewritten by apply | marked by apply | left by the maintainer's migration | resolved by the maintainer |",
        '|---|---:|---:|---:|---:|---:|',
      );
      const share = (n, before) => `${n} (${pct(n, before)})`;
      for (const r of withReference) {
        const f = r.findings;
        const left = r.maintainer.error ? r.maintainer.error.slice(0, 60) : r.maintainer.after;
        const resolved = r.maintainer.error ? '—' : share(f.before - r.maintainer.after, f.before);
        lines.push(`| ${r.server} | ${f.before} | ${share(f.rewritten, f.before)} | ${f.marked} | ${left} | ${resolved} |`);
      }
      const scored = withReference.filter((r) => !r.maintainer.error);
      const sum = (get) => scored.reduce((s, r) => s + get(r), 0);
      const before = sum((r) => r.findings.before);
      const after = sum((r) => r.maintainer.after);
      lines.push(`| **total** | ${before} | ${share(sum((r) => r.findings.rewritten), before)} | ${sum((r) => r.findings.marked)} | ${after} | ${share(before - after, before)} |`);
    }
    const required = hands.flatMap((r) => r.hand).filter((c) => c.required);
    const tally = (changes) => ['made', 'marked', 'missed', 'wrong'].map((v) => `${v} ${changes.filter((c) => c.verdict === v).length}`).join(', ');
    lines.push(
      '',
      `Required changes (${required.length}): ${tally(required)}. Serving changes among them (${required.filter((c) => c.serving).length}): ` +
        `${tally(required.filter((c) => c.serving))}. Not required: ${tally(hands.flatMap((r) => r.hand).filter((c) => !c.required))}.`,
    );
  }
  return lines.join('\n') + '\n';
}

// ---------- main ----------

function main() {
  const only = opt.only ? new Set(opt.only.split(',')) : undefined;
  let entries;
  let inspectors = new Map();
  if (opt.hand) {
    const inventory = JSON.parse(readFileSync(opt['hand-file'], 'utf8'));
    for (const m of inventory.migrations) handMigrations.set(m.id, m);
    // A parent commit the list also pins shares the list's tree (and its install cache).
    const listed = new Map(readList(opt.list).map((e) => [`${e.repo}@${e.commit}`, join(opt.repos, e.slug)]));
    entries = inventory.migrations
      .filter((m) => !only || only.has(m.id))
      .map((m) => {
        inspectors.set(m.id, judgeHandChanges(m));
        return { repo: m.repo, slug: m.id, commit: m.parent, dir: m.dir, paths: m.paths ?? ['.'], tsconfig: m.tsconfig ?? 'tsconfig.json', pm: m.pm ?? 'npm', tree: sharedTree(listed.get(`${m.repo}@${m.parent}`)) ?? ensureHandTree(m) };
      });
  } else {
    // --only runs the servers in the order it names them.
    const list = readList(opt.list);
    entries = only ? [...only].map((slug) => list.find((e) => e.slug === slug) ?? { slug, missing: true }) : list;
    for (const e of entries.filter((e) => e.missing)) throw new Error(`--only: ${e.slug} is not in ${opt.list}`);
  }
  if (opt.merge) {
    // Join the results of runs over parts of the list (e.g. two runs side by side) into one table.
    const parts = opt.merge.split(',').map((f) => JSON.parse(readFileSync(f, 'utf8')));
    const order = readList(opt.list).map((e) => e.slug);
    const rank = (r) => (order.includes(r.server) ? order.indexOf(r.server) : order.length);
    const servers = parts.flatMap((p) => p.servers).sort((x, y) => rank(x) - rank(y));
    const meta = { ...parts[0], date: parts.map((p) => p.date).join(', ') };
    delete meta.servers;
    delete meta.totals;
    const md = markdown(servers, meta);
    process.stdout.write(md);
    if (opt.out) {
      writeFileSync(`${opt.out}.md`, md);
      writeFileSync(`${opt.out}.json`, JSON.stringify({ ...meta, totals: totals(servers), servers }, null, 2) + '\n');
    }
    return;
  }
  if (opt['install-only']) {
    for (const entry of entries) {
      const src = entry.tree ?? join(opt.repos, entry.slug);
      if (!existsSync(src)) continue;
      const r = cachedInstall(src, entry, Date.now() + perServerMs);
      process.stderr.write(`${entry.slug}: install ${r.cached ? 'cached' : r.ok ? `done in ${r.seconds} s` : `failed: ${r.log}`}\n`);
    }
    return;
  }
  // The last commit that changed what apply runs (the evaluation's own commits do not change the result).
  const binCommit =
    run('git', ['log', '-1', '--format=%h', '--', 'src', 'transforms', 'package.json'], { cwd: dirname(dirname(bin)) }).stdout.trim() ||
    'unknown';
  const meta = { bin: relative(process.cwd(), bin), binCommit, date: new Date().toISOString(), applyArgs: opt['apply-arg'] };
  const results = [];
  // Written after every server, so a run cut short still leaves the servers it finished.
  const save = () => {
    if (!opt.out) return;
    mkdirSync(dirname(resolve(opt.out)), { recursive: true });
    writeFileSync(`${opt.out}.md`, markdown(results, meta));
    writeFileSync(`${opt.out}.json`, JSON.stringify({ ...meta, totals: totals(results), servers: results }, null, 2) + '\n');
  };
  for (const entry of entries) {
    process.stderr.write(`${entry.slug} @ ${entry.commit.slice(0, 12)}\n`);
    const result = evaluate(entry, { inspect: inspectors.get(entry.slug) });
    if (opt.hand) {
      const migration = handMigrations.get(entry.slug);
      try {
        result.maintainer = maintainerFindings(migration);
      } catch (error) {
        result.maintainer = { error: String(error?.message ?? error) };
      }
    }
    results.push(result);
    save();
  }
  process.stdout.write(markdown(results, meta));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
