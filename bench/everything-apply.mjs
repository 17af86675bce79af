#!/usr/bin/env node
// Issue 14 ("Speed"): `mcp-migrate apply --dry-run` on modelcontextprotocol/servers `src/everything`
// against the official codemod's dry run on the same directory, side by side, same machine, same run.
// `apply` composes that codemod (transform sdk-v2 runs its v1-to-v2 transforms in memory) and then its
// own transforms, so the aim is a bounded overhead: at most 1.5× the official dry run (median CPU s).
//
//   node bench/everything-apply.mjs [--repeats 5] [--warmup 1] [--dir DIR] [--bin PATH] [--before-bin PATH] [--no-typecheck-row]
//
// Target: `src/everything` of the servers checkout (eval/fetch.sh fetches it into /work/eval-repos or
// $EVAL_REPOS), or --dir. Each command gets its own fresh copy of it (without `.git`), checked unchanged
// afterwards. The copies sit in a new directory under the system's temporary directory, where no
// `node_modules` is reachable (checked): like a server checked out before its `npm install`, so apply's
// type-check guard stops at once ("dependencies are not installed") and (j) and (k) do the same work
// (the official dry run never type-checks). Measured, interleaved after --warmup runs of each (default one):
//   (j)  `mcp-migrate apply --dry-run --fail-on none .` (this build; the unified diff on stdout)
//   (j′) the same with --before-bin (another build, e.g. the commit before the speed work, built)
//   (k)  `mcp-codemod v1-to-v2 --dry-run .` (the codemod apply composes: this repository's node_modules)
//   (t)  (j) on a copy inside this checkout (bench/.work), where module resolution reaches mcp-migrate's own
//        node_modules, so the type-check guard runs against those packages: (t) − (j) is the guard's cost,
//        reported on its own row (--no-typecheck-row leaves it out)
// Median/min/max wall time, median user+sys CPU, max peak RSS (/usr/bin/time), machine load before/after.
// Output checks (fatal): every run of (j) prints the same diff, (j′) prints that diff too, and one more run
// of each build with `-o json:FILE` (not timed) writes the same report (its durations aside).
// The aim is judged on (j)/(k) by median CPU: the same tree, neither type-checking, CPU because the machine
// is shared (wall times of a busy machine measure the other load too).
// Writes bench/results/everything-apply.json and .md.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { fmtS, fmtX } from './lib/format.mjs';
import { measure, sameSnapshot, snapshot, stats } from './sdk-heavy.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
/** Inside the checkout: mcp-migrate's node_modules is reachable from here ((t) only). */
const WORK_INSIDE = path.join(HERE, '.work');
const RESULTS = path.join(HERE, 'results');
const REAL = { repo: 'modelcontextprotocol/servers', dir: 'modelcontextprotocol__servers', sub: 'src/everything' };
export const EVERYTHING_APPLY_AIM = 1.5;

function pinnedCommit() {
  const list = fs.readFileSync(path.join(REPO, 'eval', 'fetch-list.txt'), 'utf8');
  return new RegExp(`^${REAL.repo.replace('/', '\\/')}\\s+([0-9a-f]{40})`, 'm').exec(list)?.[1] ?? null;
}

/** The first `node_modules` that module resolution from `dir` would reach, if any. */
function reachableNodeModules(dir) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(d) === d) return null;
  }
}

/** A fresh copy of the target for one command (apply's dry run and the official one must not see each other's output). */
function freshCopy(source, work, name) {
  const copy = path.join(work, name);
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(source, copy, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
  return copy;
}

/**
 * A JSON report as compared between runs: durations (`ms`) differ from run to run and are left out, and
 * the copy's own directory (some entries name a file by its absolute path) reads as `<copy>`.
 */
function comparableReport(file, copy) {
  try {
    return JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')), (key, value) => (key === 'ms' ? undefined : typeof value === 'string' ? value.split(copy).join('<copy>') : value));
  } catch (error) {
    return `unreadable report ${file}: ${error.message}`;
  }
}

export async function runEverythingApply({ repeats = 5, warmup = 1, dir, bin = path.join(REPO, 'bin', 'mcp-migrate.js'), beforeBin, typecheckRow = true, log = () => {} }) {
  const source = dir ? path.resolve(dir) : path.join(process.env.EVAL_REPOS ?? '/work/eval-repos', REAL.dir, REAL.sub);
  if (!fs.existsSync(source)) throw new Error(`no such directory: ${source} (run eval/fetch.sh, or pass --dir)`);
  const commit = dir ? null : pinnedCommit();
  const label = dir ? source : `${REAL.repo}${commit ? `@${commit.slice(0, 10)}` : ''} ${REAL.sub}`;
  // Its `exports` list neither the CLI nor package.json: both sit beside the entry point (dist/).
  const entry = createRequire(path.join(REPO, 'package.json')).resolve('@modelcontextprotocol/codemod');
  const codemod = path.join(path.dirname(entry), 'cli.mjs');
  const codemodVersion = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')).version;
  const failures = [];
  const isolated = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'mcp-migrate-everything-'));
  const reached = reachableNodeModules(isolated);
  if (reached) failures.push(`the copies under ${isolated} reach ${reached}: apply's type check may run there, and the official dry run never does`);
  const copies = { ours: freshCopy(source, isolated, 'everything-ours'), official: freshCopy(source, isolated, 'everything-official') };
  if (beforeBin) copies.before = freshCopy(source, isolated, 'everything-before');
  if (typecheckRow) {
    fs.mkdirSync(WORK_INSIDE, { recursive: true });
    copies.guard = freshCopy(source, WORK_INSIDE, 'everything-typecheck');
  }
  const snapshots = Object.fromEntries(Object.entries(copies).map(([k, d]) => [k, snapshot(d)]));
  const loadBefore = os.loadavg();
  const applyArgs = (cli) => [cli, 'apply', '--dry-run', '--fail-on', 'none', '.'];
  const run = async (label, args, cwd, ok) => {
    const r = await measure(process.execPath, args, cwd);
    r.ok = ok(r.code);
    if (!r.ok) failures.push(`${label}: exit ${r.code} ${r.stderr.slice(-300)}`);
    return r;
  };
  const ours = () => run('apply', applyArgs(bin), copies.ours, (c) => c === 0);
  const before = () => run('apply (before)', applyArgs(beforeBin), copies.before, (c) => c === 0);
  const official = () => run('official', [codemod, 'v1-to-v2', '--dry-run', '.'], copies.official, (c) => c === 0 || c === 1);
  const guard = () => run('apply (type-checked)', applyArgs(bin), copies.guard, (c) => c === 0);
  log(`target: ${label}; official codemod ${codemodVersion}; copies in ${isolated}${typecheckRow ? ` and (t) in ${copies.guard}` : ''}`);
  log(`warm-up: ${warmup} run(s) of each`);
  for (let i = 0; i < warmup; i++) {
    await ours();
    if (beforeBin) await before();
    await official();
    if (typecheckRow) await guard();
  }
  const runs = { ours: [], before: [], official: [], guard: [] };
  const cpu = (r) => (r.cpuS == null ? '?' : r.cpuS.toFixed(2));
  for (let i = 1; i <= repeats; i++) {
    const a = await ours();
    runs.ours.push(a);
    let line = `run ${i}/${repeats}: apply --dry-run ${fmtS(a.wallMs)} s (CPU ${cpu(a)} s)`;
    if (beforeBin) {
      const p = await before();
      runs.before.push(p);
      line += `, before ${fmtS(p.wallMs)} s (CPU ${cpu(p)} s)`;
    }
    const o = await official();
    runs.official.push(o);
    line += `, official dry run ${fmtS(o.wallMs)} s (CPU ${cpu(o)} s)`;
    if (typecheckRow) {
      const t = await guard();
      runs.guard.push(t);
      line += `, type-checked apply ${fmtS(t.wallMs)} s (CPU ${cpu(t)} s)`;
    }
    log(line);
  }
  // The report (stderr's summary, the markers, what is left) compared as JSON: one more run of each build, not timed.
  const reportOf = async (name, cli, cwd) => {
    const file = path.join(isolated, `${name}-report.json`);
    await run(`apply -o json (${name})`, [...applyArgs(cli), '-o', `json:${file}`], cwd, (c) => c === 0);
    return comparableReport(file, cwd);
  };
  const report = await reportOf('ours', bin, copies.ours);
  const sameReportAsBefore = beforeBin ? (await reportOf('before', beforeBin, copies.before)) === report : null;
  if (sameReportAsBefore === false) failures.push('the build before writes another report (-o json) than this build');
  for (const [k, d] of Object.entries(copies)) if (!sameSnapshot(snapshots[k], snapshot(d))) failures.push(`${k}: the dry run changed files of its copy`);
  // The diff names paths relative to the root apply was given ('.'), so the copies' diffs compare as text.
  const diffs = runs.ours.map((r) => r.stdout);
  const deterministic = diffs.every((d) => d === diffs[0]);
  const sameAsBefore = beforeBin ? runs.before.every((r) => r.stdout === diffs[0]) : null;
  if (!deterministic) failures.push('apply --dry-run printed different diffs in different runs');
  if (sameAsBefore === false) failures.push('the build before prints another diff than this build');
  if (runs.guard.length && typecheckRow) {
    const guarded = new Set(runs.guard.map((r) => r.stdout));
    if (guarded.size > 1) failures.push('the type-checked apply (t) printed different diffs in different runs');
  }
  const typeCheckSameDiff = typecheckRow ? runs.guard.every((r) => r.stdout === diffs[0]) : null;
  const s = stats(runs.ours);
  const p = beforeBin ? stats(runs.before) : null;
  const o = stats(runs.official);
  const t = typecheckRow ? stats(runs.guard) : null;
  fs.rmSync(isolated, { recursive: true, force: true });
  const officialChanges = /Changes: (\d+) across (\d+) file/.exec(runs.official.find((r) => r.ok)?.stdout ?? '');
  const ratio = (a, b) => (a != null && b ? a / b : null);
  return {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version, loadAvg1mBefore: +loadBefore[0].toFixed(2), loadAvg1mAfter: +os.loadavg()[0].toFixed(2) },
    target: { label, source, copiesIn: 'a new directory under the system temporary directory (no node_modules reachable)', nodeModulesReached: reached },
    repeats,
    warmup,
    apply: { command: 'node bin/mcp-migrate.js apply --dry-run --fail-on none . (on a copy)', ...s, diffLines: diffs[0].split('\n').length, deterministic },
    before: p ? { command: `node ${beforeBin} apply --dry-run --fail-on none . (on a copy)`, ...p, sameDiff: sameAsBefore, sameReport: sameReportAsBefore } : null,
    typecheck: t ? { command: 'node bin/mcp-migrate.js apply --dry-run --fail-on none . (on a copy in bench/.work: the type-check guard runs against mcp-migrate\'s node_modules)', ...t, sameDiff: typeCheckSameDiff, guardCpuS: t.medianCpuS != null && s.medianCpuS != null ? t.medianCpuS - s.medianCpuS : null } : null,
    official: { command: `node …/@modelcontextprotocol/codemod/dist/cli.mjs v1-to-v2 --dry-run . (on a copy; codemod ${codemodVersion})`, ...o, changes: officialChanges ? Number(officialChanges[1]) : null, filesChanged: officialChanges ? Number(officialChanges[2]) : null },
    ratios: {
      wall: ratio(s.medianMs, o.medianMs), cpu: ratio(s.medianCpuS, o.medianCpuS),
      ...(p ? { wallBefore: ratio(p.medianMs, o.medianMs), cpuBefore: ratio(p.medianCpuS, o.medianCpuS), speedupWall: ratio(p.medianMs, s.medianMs), speedupCpu: ratio(p.medianCpuS, s.medianCpuS) } : {}),
    },
    aim: { text: `apply --dry-run on src/everything at most ${EVERYTHING_APPLY_AIM}× the official dry run ((j)/(k), median CPU s; neither type-checks)`, met: s.medianCpuS != null && o.medianCpuS ? s.medianCpuS / o.medianCpuS <= EVERYTHING_APPLY_AIM : s.medianMs / o.medianMs <= EVERYTHING_APPLY_AIM },
    failures,
  };
}

const mb = (kb) => (kb == null ? '—' : ((kb * 1024) / 1e6).toFixed(0));
const row = (name, m, notes) => `| ${name} | ${fmtS(m.medianMs)} | ${fmtS(m.minMs)} | ${fmtS(m.maxMs)} | ${mb(m.peakRssKB)} | CPU ${m.medianCpuS?.toFixed(2) ?? '?'} s (median)${notes ? `; ${notes}` : ''} |`;

/** Rows of the measurement table (here and in run.mjs's latest.md). */
export function everythingApplyRows(r) {
  return [
    row(`(j) mcp-migrate apply --dry-run, ${r.target.label} (a copy outside any project: no type check)`, r.apply, `${r.apply.diffLines} diff lines`),
    ...(r.before ? [row('(j′) the same, build before the speed work', r.before, `${r.before.sameDiff ? 'same diff' : '**another diff**'}, ${r.before.sameReport ? 'same report' : '**another report**'}`)] : []),
    row('(k) official codemod v1-to-v2 --dry-run, same tree', r.official, `${r.official.changes ?? '?'} changes in ${r.official.filesChanged ?? '?'} files`),
    ...(r.typecheck ? [row("(t) (j) in a copy inside the checkout: the type-check guard runs against mcp-migrate's node_modules", r.typecheck, `the guard's cost (t) − (j): ${r.typecheck.guardCpuS?.toFixed(2) ?? '?'} CPU s; ${r.typecheck.sameDiff ? 'same diff as (j)' : 'another diff than (j)'}`)] : []),
  ];
}
export function everythingApplyRatioRows(r) {
  return [
    `| apply --dry-run / official dry run, src/everything, (j)/(k) (median wall; by CPU) | ${fmtX(r.ratios.wall)}; ${fmtX(r.ratios.cpu)} |`,
    ...(r.typecheck ? [`| type-checked apply / official dry run, (t)/(k) (median wall; by CPU; not the aim's measure: the official dry run does no type check) | ${fmtX(r.typecheck.medianMs / r.official.medianMs)}; ${fmtX(r.typecheck.medianCpuS != null && r.official.medianCpuS ? r.typecheck.medianCpuS / r.official.medianCpuS : null)} |`] : []),
    ...(r.before ? [`| the build before / official dry run, src/everything (median wall; by CPU) | ${fmtX(r.ratios.wallBefore)}; ${fmtX(r.ratios.cpuBefore)} |`, `| before / after, apply --dry-run on src/everything (median wall; by CPU) | ${fmtX(r.ratios.speedupWall)}; ${fmtX(r.ratios.speedupCpu)} |`] : []),
  ];
}
export function everythingApplyAimRow(r) {
  return `| ${r.aim.text} | ${fmtX(r.ratios.cpu)} (CPU ${r.apply.medianCpuS?.toFixed(2) ?? '?'} s vs ${r.official.medianCpuS?.toFixed(2) ?? '?'} s; wall ${fmtX(r.ratios.wall)}) | ${r.aim.met ? 'yes' : '**no**'} |`;
}
export function everythingApplyCheckLines(r) {
  return [
    `- ${r.apply.deterministic ? 'PASS' : '**FAIL**'} apply --dry-run on src/everything prints the same diff in every run`,
    ...(r.before ? [`- ${r.before.sameDiff ? 'PASS' : '**FAIL**'} the build before the speed work prints the same diff on src/everything`, `- ${r.before.sameReport ? 'PASS' : '**FAIL**'} the build before the speed work writes the same report (-o json, durations aside)`] : []),
    `- ${r.target.nodeModulesReached ? `**FAIL** the copies reach ${r.target.nodeModulesReached}` : 'PASS'} no node_modules is reachable from the copies of (j), (j′) and (k)`,
  ];
}

export function renderEverythingApply(r) {
  const busy = Math.max(r.machine.loadAvg1mBefore, r.machine.loadAvg1mAfter) > r.machine.cpus * 0.5;
  const lines = ['# mcp-migrate benchmark — apply --dry-run on src/everything (issue 14)', ''];
  lines.push(`- When: ${r.generatedAt}`);
  lines.push(`- Machine: ${r.machine.cpus} × ${r.machine.cpuModel ?? '?'}, Node ${r.machine.node}; 1-min load average ${r.machine.loadAvg1mBefore} before, ${r.machine.loadAvg1mAfter} after${busy ? ' (**busy machine: wall times are noisy, compare CPU s and the ratios**)' : ''}`);
  lines.push(`- Target: ${r.target.label}; each command on its own fresh copy, in ${r.target.copiesIn}${r.typecheck ? ', but (t) in bench/.work' : ''}`);
  lines.push('- The aim is judged on (j)/(k) by CPU: the same tree, neither command type-checks (the official dry run never does; apply\'s guard stops at once without installed dependencies). (t) shows what the guard costs when it does run.');
  lines.push(`- Median of ${r.repeats} interleaved runs after ${r.warmup} warm-up run(s) of each; peak RSS: /usr/bin/time %M, max over the runs.`, '');
  lines.push('| measurement | median s | min s | max s | peak RSS MB | notes |', '|---|---:|---:|---:|---:|---|', ...everythingApplyRows(r), '');
  lines.push('| ratio | value |', '|---|---:|', ...everythingApplyRatioRows(r), '');
  lines.push('| aim | value | met |', '|---|---|:---:|', everythingApplyAimRow(r), '');
  lines.push('Checks:', ...everythingApplyCheckLines(r));
  if (r.failures.length) lines.push('', 'Failures:', ...r.failures.map((f) => `- ${f}`));
  lines.push('');
  return lines.join('\n');
}

async function main() {
  const argv = process.argv.slice(2);
  const opts = { repeats: 5 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--repeats') opts.repeats = Math.max(1, Number(argv[++i]));
    else if (a === '--warmup') opts.warmup = Math.max(0, Number(argv[++i]));
    else if (a === '--dir') opts.dir = argv[++i];
    else if (a === '--bin') opts.bin = path.resolve(argv[++i]);
    else if (a === '--before-bin') opts.beforeBin = path.resolve(argv[++i]);
    else if (a === '--no-typecheck-row') opts.typecheckRow = false;
    else if (a === '-h' || a === '--help') {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 27).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
      return;
    } else throw new Error(`unknown argument ${a}`);
  }
  const r = await runEverythingApply({ ...opts, log: (m) => console.error(`[everything-apply] ${m}`) });
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, 'everything-apply.json'), JSON.stringify(r, null, 2) + '\n');
  fs.writeFileSync(path.join(RESULTS, 'everything-apply.md'), renderEverythingApply(r));
  console.log(renderEverythingApply(r));
  if (r.failures.length) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
