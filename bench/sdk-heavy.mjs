#!/usr/bin/env node
// Issue 7 ("Speed"): on a ~500-file server where most files import the SDK, mcp-migrate's scan
// against the official codemod's dry run, side by side, same machine, same run.
//
//   node bench/sdk-heavy.mjs [--repeats 5] [--target auto|generated|DIR] [--bin PATH] [--no-official]
//                            [--before-bin PATH] [--record-baseline] [--warm-cache]
//
// Target: the real mongodb-mcp-server (pinned in eval/fetch-list.txt, fetched by eval/fetch.sh into
// /work/eval-repos or $EVAL_REPOS) when present, else a generated equivalent (bench/lib/sdk-heavy-tree.mjs,
// clearly labelled as such). Measured, interleaved after one warm-up run of each:
//   (h) `mcp-migrate scan . --format json --fail-on none` (cwd = the target)
//   (i) `mcp-codemod v1-to-v2 --dry-run .` (cwd = a copy of the target, checked unchanged afterwards)
// Median/min/max wall time, median user+sys CPU and max peak RSS (/usr/bin/time), machine load.
// --warm-cache: also time (h warm) `scan … --cache-location bench/.work/sdk-heavy-cache` with the cache filled by
// its warm-up run (a re-run with nothing changed: no analysis runs). Reported on its own row and ratio, never as
// the issue's ratio; its findings must equal the cold scan's.
// --before-bin: also time another build of the CLI (e.g. a `git worktree` of the commit before the speed
// work, built), interleaved with the others, as row (h′) with its ratio to (h).
// Findings check (fatal): the scan's findings (gated, test and suppressed; file, range, rule,
// fingerprint) equal the ones recorded in bench/sdk-heavy-baseline.json for this target, recorded with
// the scanner as it was before the speed work (`--record-baseline --bin <that build>`).
// Writes bench/results/sdk-heavy.json and .md; bench/run.mjs runs it too and adds its rows to latest.md.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { generateSdkHeavyTree, SDK_HEAVY_GENERATOR_VERSION } from './lib/sdk-heavy-tree.mjs';
import { fmtS, fmtX, median } from './lib/format.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const WORK = path.join(HERE, '.work');
const RESULTS = path.join(HERE, 'results');
const BASELINE = path.join(HERE, 'sdk-heavy-baseline.json');
const GNU_TIME = '/usr/bin/time';
const REAL = { repo: 'mongodb-js/mongodb-mcp-server', dir: 'mongodb-js__mongodb-mcp-server' };
export const SDK_HEAVY_AIM = 5;
/** The official codemod's version the ratio is taken against. */
const OFFICIAL_VERSION = '2.3.1';


function pinnedCommit() {
  const list = fs.readFileSync(path.join(REPO, 'eval', 'fetch-list.txt'), 'utf8');
  return new RegExp(`^${REAL.repo.replace('/', '\\/')}\\s+([0-9a-f]{40})`, 'm').exec(list)?.[1] ?? null;
}

/** The tree to scan: the real server when fetched, else the generated stand-in. */
export function sdkHeavyTarget(choice = 'auto', log = () => {}) {
  if (choice !== 'generated') {
    const dir = choice !== 'auto' ? path.resolve(choice) : path.join(process.env.EVAL_REPOS ?? '/work/eval-repos', REAL.dir);
    if (fs.existsSync(dir)) {
      const commit = pinnedCommit();
      return { dir, kind: 'real', label: `${REAL.repo}${commit ? `@${commit.slice(0, 10)}` : ''} (real checkout)`, key: `${REAL.repo}@${commit ?? 'unpinned'}` };
    }
    if (choice !== 'auto') throw new Error(`no such directory: ${dir}`);
    log(`${REAL.repo} not found (run eval/fetch.sh); using the generated stand-in`);
  }
  const dir = path.join(WORK, 'sdk-heavy-generated');
  const key = `generated-v${SDK_HEAVY_GENERATOR_VERSION}-seed1`;
  const stamp = path.join(dir, '.bench-key');
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== key) {
    const { files, bytes } = generateSdkHeavyTree(dir, { seed: 1 });
    fs.writeFileSync(stamp, key);
    spawnSync('git', ['init', '-q', dir]);
    log(`generated ${files} files (${(bytes / 1e6).toFixed(1)} MB) into ${path.relative(REPO, dir)}`);
  }
  return { dir, kind: 'generated', label: `generated SDK-heavy monorepo (bench/lib/sdk-heavy-tree.mjs v${SDK_HEAVY_GENERATOR_VERSION}, seed 1) — a stand-in, not the real server`, key };
}

/** Size+mtime of every file under dir (the copy the official dry run gets must not change). */
export function snapshot(dir) {
  const out = new Map();
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const st = fs.statSync(p);
        out.set(p, `${st.size}:${st.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return out;
}
export const sameSnapshot = (a, b) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

/** Wall (performance.now around the child), user+sys CPU and peak RSS (/usr/bin/time) of one command. */
export function measure(cmd, args, cwd) {
  const timeFile = path.join(WORK, `sdk-heavy-${process.pid}.time`);
  fs.mkdirSync(WORK, { recursive: true }); // a fresh clone has no bench/.work yet (it is ignored)
  fs.rmSync(timeFile, { force: true });
  const useTime = fs.existsSync(GNU_TIME);
  const file = useTime ? GNU_TIME : cmd;
  const argv = useTime ? ['-f', '%M %e %U %S', '-o', timeFile, cmd, ...args] : args;
  return new Promise((resolve) => {
    const out = [];
    let err = '';
    const t0 = performance.now();
    const child = spawn(file, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => { err = (err + b).slice(-8000); });
    child.on('close', (code) => {
      const wallMs = performance.now() - t0;
      const m = useTime && fs.existsSync(timeFile) ? /^(\d+) ([\d.]+) ([\d.]+) ([\d.]+)\s*$/m.exec(fs.readFileSync(timeFile, 'utf8')) : null;
      resolve({ code, wallMs, cpuS: m ? Number(m[3]) + Number(m[4]) : null, peakRssKB: m ? Number(m[1]) : null, stdout: Buffer.concat(out).toString('utf8'), stderr: err });
    });
  });
}

/** Every finding of a report as one comparable line (gated, test and suppressed). */
export function findingKeys(report) {
  const groups = [['', report.findings], ['test ', report.testFindings], ['suppressed ', report.suppressed]];
  return groups.flatMap(([tag, list]) => (list ?? []).map((f) => `${tag}${f.file}:${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.ruleId} ${f.fingerprint}`)).sort();
}

export function stats(runs) {
  const ok = runs.filter((r) => r.ok);
  const w = ok.map((r) => r.wallMs);
  const cpu = ok.map((r) => r.cpuS).filter((x) => x != null);
  const rss = ok.map((r) => r.peakRssKB).filter((x) => x != null);
  return {
    runs: runs.length, failed: runs.length - ok.length, medianMs: median(w), minMs: Math.min(...w), maxMs: Math.max(...w), runsMs: w.map(Math.round),
    medianCpuS: cpu.length ? median(cpu) : null, cpuRunsS: cpu, peakRssKB: rss.length ? Math.max(...rss) : null,
  };
}

/**
 * Runs the comparison. `bin`: the mcp-migrate CLI; `codemod`: the official codemod's cli.mjs (null: skipped).
 * Returns the result object (also what is written to results/sdk-heavy.json).
 */
export async function runSdkHeavy({ repeats = 5, target = 'auto', bin = path.join(REPO, 'bin', 'mcp-migrate.js'), beforeBin, codemod, log = () => {}, recordBaseline = false, warmCache = false }) {
  fs.mkdirSync(WORK, { recursive: true });
  const t = sdkHeavyTarget(target, log);
  const loadBefore = os.loadavg();
  const scanArgs = [bin, 'scan', '.', '--format', 'json', '--fail-on', 'none'];
  const beforeArgs = beforeBin ? [beforeBin, ...scanArgs.slice(1)] : null;
  const cacheDir = path.join(WORK, 'sdk-heavy-cache');
  if (warmCache) fs.rmSync(cacheDir, { recursive: true, force: true });
  const warmArgs = warmCache ? [...scanArgs, '--cache-location', cacheDir] : null;
  const warm = [];
  let copy = null;
  if (codemod) {
    copy = path.join(WORK, 'sdk-heavy-official-copy');
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(t.dir, copy, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
  }
  const copyBefore = copy ? snapshot(copy) : null;
  const ours = [];
  const before = [];
  const official = [];
  const failures = [];
  const runOurs = async (label, args = scanArgs) => {
    const r = await measure(process.execPath, args, t.dir);
    try {
      r.report = JSON.parse(r.stdout);
    } catch {
      r.report = null;
    }
    r.ok = r.code === 0 && r.report !== null;
    if (!r.ok) failures.push(`${label}: exit ${r.code}${r.report ? '' : ', no JSON'} ${r.stderr.slice(-300)}`);
    return r;
  };
  const runOfficial = async (label) => {
    const r = await measure(process.execPath, [codemod, 'v1-to-v2', '--dry-run', '.'], copy);
    r.ok = r.code === 0 || r.code === 1;
    if (!r.ok) failures.push(`${label}: exit ${r.code} ${r.stderr.slice(-300)}`);
    return r;
  };
  log(`SDK-heavy target: ${t.label}`);
  log('  warm-up: one run of each');
  await runOurs('warm-up scan');
  if (beforeArgs) await runOurs('warm-up scan (before)', beforeArgs);
  if (warmArgs) await runOurs('warm-up scan --cache (fills it)', warmArgs);
  if (codemod) await runOfficial('warm-up official');
  const cpu = (r) => (r.cpuS == null ? '?' : r.cpuS.toFixed(2));
  for (let i = 1; i <= repeats; i++) {
    const a = await runOurs(`scan #${i}`);
    ours.push(a);
    let line = `  run ${i}/${repeats}: scan ${fmtS(a.wallMs)} s (CPU ${cpu(a)} s)`;
    if (beforeArgs) {
      const p = await runOurs(`scan (before) #${i}`, beforeArgs);
      before.push(p);
      line += `, scan before ${fmtS(p.wallMs)} s (CPU ${cpu(p)} s)`;
    }
    if (warmArgs) {
      const w = await runOurs(`scan --cache warm #${i}`, warmArgs);
      warm.push(w);
      line += `, scan --cache warm ${fmtS(w.wallMs)} s (CPU ${cpu(w)} s)`;
    }
    if (codemod) {
      const b = await runOfficial(`official #${i}`);
      official.push(b);
      line += `, official dry run ${fmtS(b.wallMs)} s (CPU ${cpu(b)} s)`;
    }
    log(line);
  }
  const wroteNothing = copy ? sameSnapshot(copyBefore, snapshot(copy)) : null;
  if (wroteNothing === false) failures.push('the official codemod --dry-run changed files of the copy');

  // findings: identical in every run, and identical to the recorded baseline
  const reports = ours.map((r) => r.report).filter(Boolean);
  const keys = reports.length ? findingKeys(reports[0]) : [];
  const deterministic = reports.every((r) => JSON.stringify(findingKeys(r)) === JSON.stringify(keys));
  const baselines = fs.existsSync(BASELINE) ? JSON.parse(fs.readFileSync(BASELINE, 'utf8')) : { targets: {} };
  if (recordBaseline) {
    baselines.targets[t.key] = { recordedWith: bin === path.join(REPO, 'bin', 'mcp-migrate.js') ? 'bin/mcp-migrate.js' : bin, findings: keys };
    fs.writeFileSync(BASELINE, JSON.stringify(baselines, null, 2) + '\n');
    log(`  recorded ${keys.length} finding fingerprints for ${t.key} in ${path.relative(REPO, BASELINE)}`);
  }
  const recorded = baselines.targets[t.key]?.findings ?? null;
  const onlyNow = recorded ? keys.filter((k) => !recorded.includes(k)) : [];
  const onlyBaseline = recorded ? recorded.filter((k) => !keys.includes(k)) : [];
  const findingsCheck = {
    ok: recorded !== null && deterministic && onlyNow.length === 0 && onlyBaseline.length === 0,
    recorded: recorded?.length ?? null, now: keys.length, deterministic, onlyNow: onlyNow.slice(0, 10), onlyBaseline: onlyBaseline.slice(0, 10),
    baselineRecordedWith: baselines.targets[t.key]?.recordedWith ?? null,
  };

  const s = stats(ours);
  const o = codemod ? stats(official) : null;
  const p = beforeArgs ? stats(before) : null;
  if (p) {
    const beforeKeys = before.find((r) => r.report)?.report;
    p.sameFindings = beforeKeys ? JSON.stringify(findingKeys(beforeKeys)) === JSON.stringify(keys) : null;
    if (p.sameFindings === false) failures.push('the build before the speed work reports other findings than this one');
  }
  const w = warmArgs ? stats(warm) : null;
  if (w) {
    w.sameFindings = warm.length > 0 && warm.every((r) => r.report && JSON.stringify(findingKeys(r.report)) === JSON.stringify(keys));
    if (!w.sameFindings) failures.push('scan --cache (warm) reports other findings than the scan without it');
  }
  const summary = reports[0]?.summary;
  const officialChanges = codemod ? /Changes: (\d+) across (\d+) file/.exec(official.find((r) => r.ok)?.stdout ?? '') : null;
  const result = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version, loadAvg1mBefore: +loadBefore[0].toFixed(2), loadAvg1mAfter: +os.loadavg()[0].toFixed(2) },
    target: { kind: t.kind, label: t.label, key: t.key, filesScanned: summary?.filesScanned ?? null, filesAnalyzed: summary?.filesAnalyzed ?? null },
    repeats,
    scan: { command: 'node bin/mcp-migrate.js scan . --format json --fail-on none', ...s, findings: keys.length },
    before: p ? { command: `node ${beforeBin} scan . --format json --fail-on none`, ...p } : null,
    warmCache: w ? { command: 'node bin/mcp-migrate.js scan . --format json --fail-on none --cache-location bench/.work/sdk-heavy-cache (filled by its warm-up run)', ...w, officialOverWarm: o ? { wall: o.medianMs / w.medianMs, cpu: o.medianCpuS != null && w.medianCpuS ? o.medianCpuS / w.medianCpuS : null } : null } : null,
    official: o ? { command: 'node …/@modelcontextprotocol/codemod/dist/cli.mjs v1-to-v2 --dry-run . (on a copy)', ...o, wroteNothing, changes: officialChanges ? Number(officialChanges[1]) : null, filesChanged: officialChanges ? Number(officialChanges[2]) : null } : null,
    ratios: o ? { wall: o.medianMs / s.medianMs, cpu: o.medianCpuS != null && s.medianCpuS ? o.medianCpuS / s.medianCpuS : null,
      ...(p ? { wallBefore: o.medianMs / p.medianMs, cpuBefore: o.medianCpuS != null && p.medianCpuS ? o.medianCpuS / p.medianCpuS : null } : {}) } : null,
    speedup: p ? { wall: p.medianMs / s.medianMs, cpu: p.medianCpuS && s.medianCpuS ? p.medianCpuS / s.medianCpuS : null } : null,
    aim: o ? { text: `scan of the SDK-heavy server ≥ ${SDK_HEAVY_AIM}× faster than the official dry run (median wall)`, met: o.medianMs / s.medianMs >= SDK_HEAVY_AIM } : null,
    findingsCheck,
    failures,
  };
  return result;
}

/** Table rows (measurement table of latest.md / sdk-heavy.md). */
export function sdkHeavyRows(r) {
  const rows = [];
  const mb = (kb) => (kb == null ? '—' : ((kb * 1024) / 1e6).toFixed(0));
  rows.push(`| (h) mcp-migrate scan, SDK-heavy server: ${r.target.label} | ${fmtS(r.scan.medianMs)} | ${fmtS(r.scan.minMs)} | ${fmtS(r.scan.maxMs)} | ${mb(r.scan.peakRssKB)} | ${r.scan.findings} findings (gated+test+suppressed); ${r.target.filesScanned} files scanned, ${r.target.filesAnalyzed} analyzed; CPU ${r.scan.medianCpuS?.toFixed(2) ?? '?'} s (median) |`);
  if (r.before) rows.push(`| (h′) the same scan with the build before the speed work | ${fmtS(r.before.medianMs)} | ${fmtS(r.before.minMs)} | ${fmtS(r.before.maxMs)} | ${mb(r.before.peakRssKB)} | CPU ${r.before.medianCpuS?.toFixed(2) ?? '?'} s (median); ${r.before.sameFindings ? 'same findings' : '**other findings**'} |`);
  if (r.warmCache) rows.push(`| (h warm) the same scan with \`--cache\`, nothing changed since its warm-up run (no analysis runs; not the issue's measurement) | ${fmtS(r.warmCache.medianMs)} | ${fmtS(r.warmCache.minMs)} | ${fmtS(r.warmCache.maxMs)} | ${mb(r.warmCache.peakRssKB)} | CPU ${r.warmCache.medianCpuS?.toFixed(2) ?? '?'} s (median); ${r.warmCache.sameFindings ? 'same findings as (h)' : '**other findings than (h)**'} |`);
  if (r.official) rows.push(`| (i) official codemod v1-to-v2 --dry-run, same server (a copy) | ${fmtS(r.official.medianMs)} | ${fmtS(r.official.minMs)} | ${fmtS(r.official.maxMs)} | ${mb(r.official.peakRssKB)} | ${r.official.changes ?? '?'} changes in ${r.official.filesChanged ?? '?'} files; CPU ${r.official.medianCpuS?.toFixed(2) ?? '?'} s (median)${r.official.wroteNothing ? '; wrote nothing' : '; **modified files**'} |`);
  return rows;
}
export function sdkHeavyRatioRows(r) {
  const rows = [];
  if (r.ratios) rows.push(`| official dry run / ours, SDK-heavy server (median wall) | ${fmtX(r.ratios.wall)} |`, `| official dry run / ours, SDK-heavy server, by CPU time (user+sys) | ${fmtX(r.ratios.cpu)} |`);
  if (r.ratios?.wallBefore != null) rows.push(`| official dry run / the build before the speed work, SDK-heavy server (median wall; by CPU) | ${fmtX(r.ratios.wallBefore)}; ${fmtX(r.ratios.cpuBefore)} |`);
  if (r.warmCache?.officialOverWarm) rows.push(`| official dry run / ours with a warm \`--cache\` (a re-run with nothing changed, **not** the issue's ratio; median wall; by CPU) | ${fmtX(r.warmCache.officialOverWarm.wall)}; ${fmtX(r.warmCache.officialOverWarm.cpu)} |`);
  if (r.speedup) rows.push(`| before / after the speed work, SDK-heavy server (median wall; by CPU) | ${fmtX(r.speedup.wall)}; ${fmtX(r.speedup.cpu)} |`);
  return rows;
}
export function sdkHeavyAimRow(r) {
  return r.aim ? `| ${r.aim.text} | ${fmtX(r.ratios.wall)} (${fmtS(r.official.medianMs)} s vs ${fmtS(r.scan.medianMs)} s) | ${r.aim.met ? 'yes' : '**no**'} |` : null;
}
export function sdkHeavyCheckLine(r) {
  const c = r.findingsCheck;
  if (c.recorded === null) return `- **FAIL** SDK-heavy server findings: no baseline recorded for ${r.target.key} in bench/sdk-heavy-baseline.json (${c.now} findings now)`;
  return `- ${c.ok ? 'PASS' : '**FAIL**'} SDK-heavy server findings identical to the baseline recorded before the speed work (${c.baselineRecordedWith}): ${c.now} vs ${c.recorded} (file, range, rule, fingerprint)${c.deterministic ? '' : '; **differ between repeats**'}${c.onlyNow.length ? `; only now: ${c.onlyNow.join(', ')}` : ''}${c.onlyBaseline.length ? `; only in the baseline: ${c.onlyBaseline.join(', ')}` : ''}`;
}

function renderMarkdown(r) {
  const lines = ['# mcp-migrate benchmark — SDK-heavy server (issue 7)', ''];
  lines.push(`- When: ${r.generatedAt}`);
  lines.push(`- Machine: ${r.machine.cpus} × ${r.machine.cpuModel ?? '?'}, Node ${r.machine.node}; 1-min load average ${r.machine.loadAvg1mBefore} before, ${r.machine.loadAvg1mAfter} after${Math.max(r.machine.loadAvg1mBefore, r.machine.loadAvg1mAfter) > r.machine.cpus * 0.5 ? ' (**busy machine: wall times are noisy, compare CPU s**)' : ''}`);
  lines.push(`- Target: ${r.target.label}`);
  lines.push(`- Median of ${r.repeats} interleaved runs after one warm-up run of each; peak RSS: /usr/bin/time %M, max over the runs.`, '');
  lines.push('| measurement | median s | min s | max s | peak RSS MB | notes |', '|---|---:|---:|---:|---:|---|', ...sdkHeavyRows(r), '');
  if (r.ratios || r.speedup) lines.push('| ratio | value |', '|---|---:|', ...sdkHeavyRatioRows(r), '');
  if (r.aim) lines.push('| aim | value | met |', '|---|---|:---:|', sdkHeavyAimRow(r), '');
  lines.push('Checks:', sdkHeavyCheckLine(r));
  if (r.failures.length) lines.push('', 'Failures:', ...r.failures.map((f) => `- ${f}`));
  lines.push('');
  return lines.join('\n');
}

async function main() {
  const argv = process.argv.slice(2);
  const opts = { repeats: 5, target: 'auto', bin: undefined, beforeBin: undefined, official: true, recordBaseline: false, warmCache: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--repeats') opts.repeats = Math.max(1, Number(argv[++i]));
    else if (a === '--target') opts.target = argv[++i];
    else if (a === '--bin') opts.bin = path.resolve(argv[++i]);
    else if (a === '--before-bin') opts.beforeBin = path.resolve(argv[++i]);
    else if (a === '--no-official') opts.official = false;
    else if (a === '--record-baseline') opts.recordBaseline = true;
    else if (a === '--warm-cache') opts.warmCache = true;
    else if (a === '-h' || a === '--help') {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n\n')[0].split('\n').slice(1).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
      return;
    } else throw new Error(`unknown argument ${a}`);
  }
  // The project's own copy of the official codemod (a dependency, pinned to the same version) when it is installed;
  // else one installed for the bench alone.
  const ownCodemod = path.join(REPO, 'node_modules', '@modelcontextprotocol', 'codemod');
  const ownVersion = (() => {
    try {
      return JSON.parse(fs.readFileSync(path.join(ownCodemod, 'package.json'), 'utf8')).version;
    } catch {
      return undefined;
    }
  })();
  const codemodCli = ownVersion === OFFICIAL_VERSION && fs.existsSync(path.join(ownCodemod, 'dist', 'cli.mjs'))
    ? path.join(ownCodemod, 'dist', 'cli.mjs')
    : path.join(HERE, '.peers', 'node_modules', '@modelcontextprotocol', 'codemod', 'dist', 'cli.mjs');
  if (opts.official && !fs.existsSync(codemodCli)) {
    console.error('[sdk-heavy] installing the official codemod into bench/.peers');
    spawnSync('npm', ['install', '--prefix', path.join(HERE, '.peers'), '--no-save', '--no-audit', '--no-fund', `@modelcontextprotocol/codemod@${OFFICIAL_VERSION}`], { stdio: 'inherit' });
  }
  const r = await runSdkHeavy({
    repeats: opts.repeats, target: opts.target, bin: opts.bin, beforeBin: opts.beforeBin, recordBaseline: opts.recordBaseline, warmCache: opts.warmCache,
    codemod: opts.official && fs.existsSync(codemodCli) ? codemodCli : null,
    log: (m) => console.error(`[sdk-heavy] ${m}`),
  });
  fs.mkdirSync(RESULTS, { recursive: true });
  if (!opts.recordBaseline || !opts.bin) {
    fs.writeFileSync(path.join(RESULTS, 'sdk-heavy.json'), JSON.stringify(r, null, 2) + '\n');
    fs.writeFileSync(path.join(RESULTS, 'sdk-heavy.md'), renderMarkdown(r));
  }
  console.log(renderMarkdown(r));
  if (r.failures.length || !r.findingsCheck.ok) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
