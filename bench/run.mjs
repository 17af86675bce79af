#!/usr/bin/env node
// `npm run bench`: scan a synthetic 20k-file monorepo with mcp-migrate and compare, in the same run,
// with the servers alone, one ast-grep pattern, and the official @modelcontextprotocol/codemod dry run.
// See bench/README.md for what is measured and how.
//
//   node bench/run.mjs [--files 20000] [--seed 1] [--repeats 3] [--regen] [--official-full]
//                      [--no-official] [--no-apply] [--no-sdk-heavy] [--no-everything-apply] [--sdk-heavy-target auto|generated|DIR]
//                      [--strict] [--timeout-s 600]
//   MCP_MIGRATE_CMD="node bench/lib/standin-scan.mjs" node bench/run.mjs   # harness debugging
//
// Exit code: 0 when every measured command ran and the correctness checks passed (aims may be unmet,
// unless --strict); 1 otherwise.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { generate, generationKey, GENERATOR_VERSION } from './generate.mjs';
import { runSdkHeavy, sdkHeavyAimRow, sdkHeavyCheckLine, sdkHeavyRatioRows, sdkHeavyRows } from './sdk-heavy.mjs';
import { everythingApplyAimRow, everythingApplyCheckLines, everythingApplyRatioRows, everythingApplyRows, runEverythingApply } from './everything-apply.mjs';
import { fmtS, fmtX, median } from './lib/format.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const WORK = path.join(HERE, '.work');
const TREE = path.join(WORK, 'mono');
const PEERS = path.join(HERE, '.peers');
const RESULTS = path.join(HERE, 'results');
const PRELOAD = path.join(HERE, 'lib', 'rss-preload.cjs');
const GNU_TIME = '/usr/bin/time';
const AST_GREP_VERSION = '0.51.1';
const CODEMOD_VERSION = '2.3.1';
const AST_GREP_PATTERN = '$X.sessionId';
const AIM = { fullVsServersMax: 2, peakMB: 300, officialSpeedupMin: 10 };

// ------------------------------------------------------------------ args
function parseArgs(argv) {
  const o = { files: 20000, seed: 1, repeats: 3, regen: false, officialFull: false, official: true, apply: true, sdkHeavy: true, everythingApply: true, sdkHeavyTarget: 'auto', strict: false, timeoutS: 600, officialFullTimeoutS: 240 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const num = () => {
      const v = Number(argv[++i]);
      if (!Number.isFinite(v)) die(`${a} needs a number`);
      return v;
    };
    if (a === '--files') o.files = num();
    else if (a === '--seed') o.seed = num();
    else if (a === '--repeats') o.repeats = Math.max(1, Math.floor(num()));
    else if (a === '--timeout-s') o.timeoutS = num();
    else if (a === '--official-full-timeout-s') o.officialFullTimeoutS = num();
    else if (a === '--regen') o.regen = true;
    else if (a === '--official-full') o.officialFull = true;
    else if (a === '--no-official') o.official = false;
    else if (a === '--no-apply') o.apply = false;
    else if (a === '--no-sdk-heavy') o.sdkHeavy = false;
    else if (a === '--no-everything-apply') o.everythingApply = false;
    else if (a === '--sdk-heavy-target') o.sdkHeavyTarget = argv[++i];
    else if (a === '--strict') o.strict = true;
    else if (a === '-h' || a === '--help') {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 13).map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
      process.exit(0);
    } else die(`unknown argument ${a}`);
  }
  return o;
}
function die(msg) {
  console.error(`bench: ${msg}`);
  process.exit(1);
}
const log = (msg) => console.error(`[bench] ${msg}`);

// ------------------------------------------------------------------ small helpers
const kbToMB = (kb) => (kb == null ? null : (kb * 1024) / 1e6);
const fmtMB = (kb) => (kb == null ? '—' : kbToMB(kb).toFixed(0));

function shellSplit(s) {
  const out = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g;
  let m;
  while ((m = re.exec(s))) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2] !== undefined ? m[2] : m[3]);
  return out;
}

function readJson(p) {
  try {
    return JSON.parse(fs.readFileSync(p, 'utf8'));
  } catch {
    return null;
  }
}

/** Size+mtime fingerprint of the CLI build (bin/, dist/), to notice a rebuild in the middle of a run. */
function toolFingerprint() {
  const parts = [];
  for (const d of ['bin', 'dist']) {
    const abs = path.join(REPO, d);
    if (fs.existsSync(abs)) for (const [k, v] of snapshot(abs)) parts.push(`${k}=${v}`);
  }
  return parts.sort().join('\n');
}

function gitHead(dir) {
  const r = spawnSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const dirty = spawnSync('git', ['-C', dir, 'status', '--porcelain', '--', 'src', 'bin', 'transforms', 'package.json'], { encoding: 'utf8' });
  return { commit: r.stdout.trim(), dirtySources: dirty.status === 0 ? dirty.stdout.trim().length > 0 : null };
}

/** Size+mtime of every file under dir, to prove a "dry run" wrote nothing. */
function snapshot(dir) {
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
function sameSnapshot(a, b) {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

// ------------------------------------------------------------------ peers
function peerVersion(name) {
  return readJson(path.join(PEERS, 'node_modules', name, 'package.json'))?.version ?? null;
}
function astGrepBinary() {
  const plat = `${process.platform}-${process.arch}`;
  const candidates = [
    path.join(PEERS, 'node_modules', '@ast-grep', `cli-${plat}-gnu`, 'ast-grep'),
    path.join(PEERS, 'node_modules', '@ast-grep', `cli-${plat}-musl`, 'ast-grep'),
    path.join(PEERS, 'node_modules', '@ast-grep', `cli-${plat}`, 'ast-grep'),
    path.join(PEERS, 'node_modules', '@ast-grep', 'cli', 'ast-grep'),
    path.join(PEERS, 'node_modules', '.bin', 'ast-grep'),
  ];
  for (const c of candidates) {
    if (!fs.existsSync(c)) continue;
    const r = spawnSync(c, ['--version'], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.includes(AST_GREP_VERSION)) return c;
  }
  return null;
}
function codemodCli() {
  const p = path.join(PEERS, 'node_modules', '@modelcontextprotocol', 'codemod', 'dist', 'cli.mjs');
  return fs.existsSync(p) ? p : null;
}
function ensurePeers() {
  const ok = () => peerVersion('@ast-grep/cli') === AST_GREP_VERSION && peerVersion('@modelcontextprotocol/codemod') === CODEMOD_VERSION && astGrepBinary() && codemodCli();
  if (ok()) return { installedNow: false };
  log(`installing peers into ${path.relative(REPO, PEERS)} (ast-grep ${AST_GREP_VERSION}, codemod ${CODEMOD_VERSION})`);
  fs.mkdirSync(PEERS, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--prefix', PEERS, '--no-save', '--no-audit', '--no-fund',
    `@ast-grep/cli@${AST_GREP_VERSION}`, `@modelcontextprotocol/codemod@${CODEMOD_VERSION}`], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0 || !ok()) die('could not install the peers (ast-grep, official codemod); see npm output above');
  return { installedNow: true };
}

// ------------------------------------------------------------------ measuring a child process
let gnuTime = false;
let runCounter = 0;
let currentChild = null;

function detectGnuTime() {
  if (!fs.existsSync(GNU_TIME)) return false;
  const f = path.join(WORK, 'time-probe.txt');
  const r = spawnSync(GNU_TIME, ['-f', '%M %e %U %S', '-o', f, process.execPath, '-e', 'Buffer.alloc(64*1024*1024, 1)'], { encoding: 'utf8' });
  const m = r.status === 0 && /^(\d+) /m.exec(fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '');
  // the probe touches 64 MiB, so a working %M must report more than that
  return Boolean(m && Number(m[1]) > 64 * 1024);
}

function readVmHWM(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Runs cmd as a child (its own process group), measuring wall time with performance.now() around the
 * spawn and the peak RSS: via /usr/bin/time %M (ru_maxrss from wait4) when available; the preload
 * records every Node process's own ru_maxrss as well; without /usr/bin/time, a native (non-Node)
 * child's VmHWM is polled from /proc (a lower bound).
 */
function measure(cmd, args, { cwd, timeoutMs, captureStdout = true }) {
  const id = ++runCounter;
  const rssFile = path.join(WORK, 'runs', `${id}.rss`);
  const timeFile = path.join(WORK, 'runs', `${id}.time`);
  fs.mkdirSync(path.dirname(rssFile), { recursive: true });
  fs.rmSync(rssFile, { force: true });
  fs.rmSync(timeFile, { force: true });
  const env = { ...process.env, BENCH_RSS_OUT: rssFile, NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require=${PRELOAD}`].filter(Boolean).join(' ') };
  const file = gnuTime ? GNU_TIME : cmd;
  const argv = gnuTime ? ['-f', '%M %e %U %S', '-o', timeFile, cmd, ...args] : args;
  return new Promise((resolve) => {
    const out = [];
    let err = '';
    let polledKB = null;
    let timedOut = false;
    let exitAt = null;
    const t0 = performance.now();
    const child = spawn(file, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    currentChild = child;
    child.stdout.on('data', (b) => { if (captureStdout) out.push(b); });
    child.stderr.on('data', (b) => { err = (err + b.toString()).slice(-64 * 1024); });
    const poll = gnuTime ? null : setInterval(() => {
      const v = readVmHWM(child.pid);
      if (v != null) polledKB = Math.max(polledKB ?? 0, v);
    }, 10);
    const timer = setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    }, timeoutMs);
    child.on('exit', () => { exitAt = performance.now(); });
    child.on('error', (e) => { err += String(e); });
    child.on('close', (code, signal) => {
      const wallMs = (exitAt ?? performance.now()) - t0;
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      currentChild = null;
      const nodeProcs = [];
      if (fs.existsSync(rssFile)) {
        for (const line of fs.readFileSync(rssFile, 'utf8').split('\n')) {
          const m = /^(\d+) (\d+) (.*)$/.exec(line);
          if (m) nodeProcs.push({ pid: Number(m[1]), maxRssKB: Number(m[2]), entry: m[3] });
        }
      }
      let exitCode = code;
      let termSignal = signal;
      let peakRssKB = null;
      let rssSource = null;
      let cpuS = null;
      if (gnuTime && fs.existsSync(timeFile)) {
        const text = fs.readFileSync(timeFile, 'utf8');
        const m = /^(\d+) ([\d.]+) ([\d.]+) ([\d.]+)\s*$/m.exec(text);
        if (m) {
          peakRssKB = Number(m[1]);
          rssSource = '/usr/bin/time %M';
          cpuS = { user: Number(m[3]), sys: Number(m[4]) };
        }
        const sig = /Command terminated by signal (\d+)/.exec(text);
        if (sig) { termSignal = os.constants.signals ? Object.keys(os.constants.signals).find((k) => os.constants.signals[k] === Number(sig[1])) ?? `signal ${sig[1]}` : `signal ${sig[1]}`; exitCode = null; }
      }
      if (peakRssKB == null && nodeProcs.length) {
        peakRssKB = Math.max(...nodeProcs.map((p) => p.maxRssKB));
        rssSource = 'node process.resourceUsage().maxRSS at exit';
      }
      if (peakRssKB == null && polledKB != null) {
        peakRssKB = polledKB;
        rssSource = '/proc VmHWM polled every 10 ms (lower bound)';
      }
      resolve({
        cmd: [cmd, ...args],
        cwd,
        wallMs,
        exitCode,
        signal: termSignal,
        timedOut,
        peakRssKB,
        rssSource,
        cpuS,
        nodeProcs: nodeProcs.length,
        nodeProcsSumKB: nodeProcs.length > 1 ? nodeProcs.reduce((a, p) => a + p.maxRssKB, 0) : undefined,
        stdout: Buffer.concat(out).toString('utf8'),
        stderrTail: err.slice(-4000),
      });
    });
  });
}

process.on('SIGINT', () => {
  if (currentChild) try { process.kill(-currentChild.pid, 'SIGKILL'); } catch { /* gone */ }
  process.exit(130);
});

// ------------------------------------------------------------------ the tool under test
function toolCommand() {
  const env = process.env.MCP_MIGRATE_CMD;
  if (env && env.trim()) {
    const parts = shellSplit(env).map((p, i) => {
      // make relative script paths independent of the cwd we run in
      if ((i > 0 || p.includes('/')) && !path.isAbsolute(p) && !p.startsWith('-') && fs.existsSync(path.resolve(p))) return path.resolve(p);
      return p;
    });
    return { cmd: parts[0], pre: parts.slice(1), source: 'MCP_MIGRATE_CMD', display: env };
  }
  const bin = path.join(REPO, 'bin', 'mcp-migrate.js');
  if (!fs.existsSync(bin)) return null;
  return { cmd: process.execPath, pre: [bin], source: 'bin/mcp-migrate.js', display: 'node bin/mcp-migrate.js' };
}

function parseReport(run) {
  const s = run.stdout;
  const start = s.indexOf('{');
  if (start < 0) return null;
  try {
    return JSON.parse(s.slice(start));
  } catch {
    return null;
  }
}

const existsCache = new Map();
function exists(p) {
  if (!existsCache.has(p)) existsCache.set(p, fs.existsSync(p));
  return existsCache.get(p);
}
/** Absolute path of a finding. `file` is relative to `root` ("path as given", '.' for several). */
function findingAbs(f, report, cwd, given) {
  if (path.isAbsolute(f.file)) return { abs: f.file, ambiguous: false };
  const viaRoot = path.resolve(cwd, report.root ?? '.', f.file);
  if (exists(viaRoot)) return { abs: viaRoot, ambiguous: false };
  const hits = [...new Set([...given.map((g) => path.resolve(cwd, g, f.file)), path.resolve(cwd, f.file)].filter(exists))];
  return { abs: hits[0] ?? viaRoot, ambiguous: hits.length > 1 };
}
function normFindings(report, cwd, given) {
  let ambiguous = 0;
  const list = (report.findings ?? []).map((f) => {
    const { abs, ambiguous: amb } = findingAbs(f, report, cwd, given);
    if (amb) ambiguous++;
    const rel = path.relative(TREE, abs).split(path.sep).join('/');
    return { rel, key: `${rel}:${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.ruleId}`, ruleId: f.ruleId, message: f.message };
  });
  list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { list, ambiguous };
}

// ------------------------------------------------------------------ main
async function main() {
  const opts = parseArgs(process.argv.slice(2));
  fs.mkdirSync(WORK, { recursive: true });

  const tool = toolCommand();
  if (!tool) {
    die(`bin/mcp-migrate.js does not exist yet. Build the CLI (npm run build), or debug the harness with a stand-in:\n` +
      `  MCP_MIGRATE_CMD="node bench/lib/standin-scan.mjs" npm run bench`);
  }

  const loadBefore = os.loadavg();
  const toolPrintBefore = tool.source === 'bin/mcp-migrate.js' ? toolFingerprint() : null;

  // 1. the tree
  const key = generationKey({ files: opts.files, seed: opts.seed });
  let meta = readJson(path.join(TREE, '.bench-meta.json'));
  if (opts.regen || !meta || meta.key !== key) {
    log(`generating ${opts.files} files (seed ${opts.seed}) into ${path.relative(REPO, TREE)}${meta ? ' (generator, seed or fixtures changed)' : ''}`);
    meta = generate(TREE, { files: opts.files, seed: opts.seed, quiet: true });
    log(`  ${meta.writtenFiles} files, ${(meta.writtenBytes / 1e6).toFixed(1)} MB in ${(meta.generationMs / 1000).toFixed(1)} s`);
  } else {
    log(`reusing ${path.relative(REPO, TREE)} (generator key ${key})`);
  }
  const servers = meta.servers;
  const serverDirs = servers.map((s) => s.dir);

  // 2. peers and the RSS method
  const peers = ensurePeers();
  const astGrep = astGrepBinary();
  const codemod = codemodCli();
  gnuTime = detectGnuTime();
  log(`peak RSS via ${gnuTime ? '/usr/bin/time -f %M' : 'the Node preload (Node children) / polled /proc VmHWM (native children)'}`);

  const timeoutMs = opts.timeoutS * 1000;
  const scanArgs = (paths) => [...tool.pre, 'scan', ...paths, '--format', 'json', '--fail-on', 'none'];
  const runs = { full: [], servers: [], astgrep: [] };
  const failures = [];
  const check = (label, r, { wantJson = false } = {}) => {
    const ok = r.exitCode === 0 && !r.timedOut;
    const report = wantJson ? parseReport(r) : null;
    if (!ok || (wantJson && !report)) {
      failures.push(`${label}: exit ${r.exitCode}${r.signal ? ` signal ${r.signal}` : ''}${r.timedOut ? ' (timed out)' : ''}${wantJson && !report ? ', no JSON on stdout' : ''}`);
      log(`FAILED ${label}: exit ${r.exitCode} ${r.signal ?? ''}\n${r.stderrTail}`);
    }
    return report;
  };

  const jobs = {
    full: () => measure(tool.cmd, scanArgs(['.']), { cwd: TREE, timeoutMs }),
    servers: () => measure(tool.cmd, scanArgs(serverDirs), { cwd: TREE, timeoutMs }),
    astgrep: () => measure(astGrep, ['run', '-p', AST_GREP_PATTERN, '-l', 'ts', '.'], { cwd: TREE, timeoutMs }),
  };
  const labels = {
    full: 'mcp-migrate scan, full tree',
    servers: 'mcp-migrate scan, MCP servers only',
    astgrep: `ast-grep -p '${AST_GREP_PATTERN}' -l ts, full tree`,
  };

  // 3. warm-up (page cache, peers' first start), then interleaved repeats
  log(`tool: ${tool.display} (${tool.source})`);
  log('warm-up: one run of each');
  const warm = {};
  for (const k of Object.keys(jobs)) {
    warm[k] = await jobs[k]();
    check(`warm-up ${labels[k]}`, warm[k], { wantJson: k !== 'astgrep' });
    log(`  ${labels[k]}: ${fmtS(warm[k].wallMs)} s, ${fmtMB(warm[k].peakRssKB)} MB`);
  }
  for (let i = 1; i <= opts.repeats; i++) {
    for (const k of Object.keys(jobs)) {
      const r = await jobs[k]();
      runs[k].push(r);
      log(`  run ${i}/${opts.repeats} ${labels[k]}: ${fmtS(r.wallMs)} s, ${fmtMB(r.peakRssKB)} MB`);
    }
  }
  const reports = { full: [], servers: [] };
  for (const k of ['full', 'servers']) runs[k].forEach((r, i) => { r.report = check(`${labels[k]} #${i + 1}`, r, { wantJson: true }); r.ok = r.exitCode === 0 && !r.timedOut && Boolean(r.report); reports[k].push(r.report); });
  runs.astgrep.forEach((r, i) => { check(`${labels.astgrep} #${i + 1}`, r); r.ok = r.exitCode === 0 && !r.timedOut; });

  // ast-grep match count (separate, untimed run with machine-readable output)
  const agCount = spawnSync(astGrep, ['run', '-p', AST_GREP_PATTERN, '-l', 'ts', '--json=stream', '.'], { cwd: TREE, encoding: 'utf8', maxBuffer: 1 << 30 });
  const agLines = agCount.stdout.split('\n').filter((l) => l.trim());
  const astGrepMatches = agLines.length;
  const astGrepFiles = new Set(agLines.map((l) => { try { return JSON.parse(l).file; } catch { return null; } })).size;

  // 4. the official codemod, dry run, per v1 server
  const official = { perServer: [], all: null, full: null };
  const v1Servers = servers.filter((s) => s.sdk === 'v1' || s.sdk === 'mixed');
  if (opts.official && v1Servers.length) {
    log(`official codemod --dry-run on ${v1Servers.length} v1 server dir(s)`);
    for (const s of v1Servers) {
      const abs = path.join(TREE, s.dir);
      const before = snapshot(abs);
      const r = await measure(process.execPath, [codemod, 'v1-to-v2', '--dry-run', s.dir], { cwd: TREE, timeoutMs });
      const wroteNothing = sameSnapshot(before, snapshot(abs));
      const changes = /Changes: (\d+) across (\d+) file/.exec(r.stdout);
      official.perServer.push({ dir: s.dir, wallMs: r.wallMs, cpuS: r.cpuS ? r.cpuS.user + r.cpuS.sys : null, peakRssKB: r.peakRssKB, exitCode: r.exitCode, signal: r.signal, timedOut: r.timedOut,
        changes: changes ? Number(changes[1]) : 0, filesChanged: changes ? Number(changes[2]) : 0, wroteNothing, rssSource: r.rssSource });
      if (r.timedOut || r.signal) failures.push(`official codemod on ${s.dir}: ${r.timedOut ? 'timed out' : r.signal}`);
      if (!wroteNothing) failures.push(`official codemod --dry-run modified files in ${s.dir}`);
      log(`  ${s.dir}: ${fmtS(r.wallMs)} s, ${fmtMB(r.peakRssKB)} MB, exit ${r.exitCode}, ${changes ? changes[0] : 'no changes reported'}`);
    }
    // informative: one process over copies of all v1 servers (pays Node + ts-morph start-up once)
    const allDir = path.join(WORK, 'official-all');
    fs.rmSync(allDir, { recursive: true, force: true });
    for (const s of v1Servers) fs.cpSync(path.join(TREE, s.dir), path.join(allDir, path.basename(s.dir)), { recursive: true });
    const ra = await measure(process.execPath, [codemod, 'v1-to-v2', '--dry-run', allDir], { cwd: WORK, timeoutMs });
    official.all = { wallMs: ra.wallMs, peakRssKB: ra.peakRssKB, exitCode: ra.exitCode, signal: ra.signal, timedOut: ra.timedOut };
    log(`  all v1 servers copied into one dir, one run: ${fmtS(ra.wallMs)} s, ${fmtMB(ra.peakRssKB)} MB`);
  }
  if (opts.official && opts.officialFull) {
    log(`official codemod --dry-run on the whole tree (timeout ${opts.officialFullTimeoutS} s)…`);
    const r = await measure(process.execPath, [codemod, 'v1-to-v2', '--dry-run', '.'], { cwd: TREE, timeoutMs: opts.officialFullTimeoutS * 1000, captureStdout: false });
    const oom = /heap out of memory|Allocation failed|FATAL ERROR/i.test(r.stderrTail) || r.signal === 'SIGABRT' || r.exitCode === 134;
    const status = r.timedOut ? `timed out after ${opts.officialFullTimeoutS} s` : oom ? 'out of memory' : r.exitCode === 0 || r.exitCode === 1 ? 'completed' : `failed (exit ${r.exitCode}${r.signal ? `, ${r.signal}` : ''})`;
    official.full = { status, wallMs: r.wallMs, peakRssKB: r.peakRssKB, exitCode: r.exitCode, signal: r.signal, timedOut: r.timedOut, stderrTail: r.stderrTail.slice(-600) };
    log(`  ${status}: ${fmtS(r.wallMs)} s, ${fmtMB(r.peakRssKB)} MB`);
  }

  // 4b. (f) mcp-migrate apply --dry-run on the servers alone: the official codemod's v1-to-v2 work (sdk-v2
  // runs its transforms in memory) plus this tool's own transforms, in one process, writing nothing.
  let applyStat = null;
  let applyFullRuns = null;
  if (opts.apply && tool.source === 'bin/mcp-migrate.js') {
    const applyArgs = [...tool.pre, 'apply', '--dry-run', '--format', 'json', '--fail-on', 'none', ...serverDirs];
    const before = new Map(serverDirs.map((d) => [d, snapshot(path.join(TREE, d))]));
    log(`mcp-migrate apply --dry-run on the ${serverDirs.length} server dirs: warm-up, then ${opts.repeats} runs`);
    const applyRuns = [];
    // Exit 2 with a JSON report is a completed run in which a transform refused a file (listed in the
    // report's `failures`, left unchanged): timed like any other, and the refusals are shown in the table.
    const completed = (label, r) => {
      r.report = parseReport(r);
      r.ok = !r.timedOut && !r.signal && Boolean(r.report) && (r.exitCode === 0 || (r.exitCode === 2 && r.report.failures?.length > 0));
      if (!r.ok) {
        failures.push(`${label}: exit ${r.exitCode}${r.signal ? ` signal ${r.signal}` : ''}${r.timedOut ? ' (timed out)' : ''}${r.report ? '' : ', no JSON on stdout'}`);
        log(`FAILED ${label}: exit ${r.exitCode} ${r.signal ?? ''}\n${r.stderrTail}`);
      }
    };
    completed('warm-up mcp-migrate apply --dry-run, MCP servers only', await measure(tool.cmd, applyArgs, { cwd: TREE, timeoutMs }));
    for (let i = 1; i <= opts.repeats; i++) {
      const r = await measure(tool.cmd, applyArgs, { cwd: TREE, timeoutMs });
      completed(`mcp-migrate apply --dry-run, MCP servers only #${i}`, r);
      applyRuns.push(r);
      log(`  run ${i}/${opts.repeats}: ${fmtS(r.wallMs)} s, ${fmtMB(r.peakRssKB)} MB, exit ${r.exitCode}`);
    }
    const wroteNothing = serverDirs.every((d) => sameSnapshot(before.get(d), snapshot(path.join(TREE, d))));
    if (!wroteNothing) failures.push('mcp-migrate apply --dry-run modified files in a server dir');
    const rep = applyRuns.find((r) => r.report)?.report;
    // (g) the same on the whole tree: issue 5 asks that it cost at most 2× the full scan.
    const fullArgs = [...tool.pre, 'apply', '--dry-run', '--format', 'json', '--fail-on', 'none', '.'];
    log(`mcp-migrate apply --dry-run on the whole tree: warm-up, then ${opts.repeats} runs`);
    completed('warm-up mcp-migrate apply --dry-run, full tree', await measure(tool.cmd, fullArgs, { cwd: TREE, timeoutMs }));
    applyFullRuns = [];
    for (let i = 1; i <= opts.repeats; i++) {
      const r = await measure(tool.cmd, fullArgs, { cwd: TREE, timeoutMs });
      completed(`mcp-migrate apply --dry-run, full tree #${i}`, r);
      applyFullRuns.push(r);
      log(`  run ${i}/${opts.repeats}: ${fmtS(r.wallMs)} s, ${fmtMB(r.peakRssKB)} MB, exit ${r.exitCode}`);
    }
    applyStat = { runs: applyRuns, wroteNothing, filesChanged: rep?.changes?.length ?? null, sdkV2Files: rep?.changes?.filter((c) => c.transforms?.includes('sdk-v2')).length ?? null,
      failures: rep?.failures?.length ?? null, failureList: (rep?.failures ?? []).map((f) => `${f.file} (${f.transform})`) };
  }

  // 4c. (h)/(i) issue 7: a ~500-file SDK-heavy server, our scan vs the official dry run (bench/sdk-heavy.mjs)
  let sdkHeavy = null;
  if (opts.sdkHeavy && tool.source === 'bin/mcp-migrate.js') {
    sdkHeavy = await runSdkHeavy({ repeats: opts.repeats, target: opts.sdkHeavyTarget, codemod: opts.official ? codemod : null, log: (m) => log(m) });
    for (const f of sdkHeavy.failures) failures.push(`SDK-heavy server: ${f}`);
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, 'sdk-heavy.json'), JSON.stringify(sdkHeavy, null, 2) + '\n');
  }

  // 4d. (j)/(k) issue 14: apply --dry-run on modelcontextprotocol/servers src/everything vs the official dry run
  let everythingApply = null;
  if (opts.everythingApply && opts.apply && opts.official && tool.source === 'bin/mcp-migrate.js') {
    try {
      everythingApply = await runEverythingApply({ repeats: opts.repeats, log: (m) => log(m) });
      for (const f of everythingApply.failures) failures.push(`src/everything apply: ${f}`);
      fs.mkdirSync(RESULTS, { recursive: true });
      fs.writeFileSync(path.join(RESULTS, 'everything-apply.json'), JSON.stringify(everythingApply, null, 2) + '\n');
    } catch (error) {
      log(`src/everything apply row skipped: ${error.message}`);
    }
  }

  // 5. correctness and precision
  const given = { full: ['.'], servers: serverDirs };
  const norm = { full: [], servers: [] };
  let ambiguousPaths = 0;
  for (const k of ['full', 'servers']) {
    for (const rep of reports[k]) {
      if (!rep) continue;
      const n = normFindings(rep, TREE, given[k]);
      ambiguousPaths += n.ambiguous;
      norm[k].push(n.list);
    }
  }
  const sameList = (a, b) => a.length === b.length && a.every((x, i) => x.key === b[i].key);
  const inServer = (rel) => serverDirs.some((d) => rel === d || rel.startsWith(d + '/'));
  const checks = {};
  if (norm.full.length && norm.servers.length) {
    const full = norm.full[0];
    const srv = norm.servers[0];
    const fullInServers = full.filter((f) => inServer(f.rel));
    const fk = new Set(fullInServers.map((f) => f.key));
    const sk = new Set(srv.map((f) => f.key));
    const onlyFull = [...fk].filter((x) => !sk.has(x));
    const onlyServers = [...sk].filter((x) => !fk.has(x));
    const msgDiff = fullInServers.filter((f) => { const o = srv.find((s) => s.key === f.key); return o && o.message !== f.message; }).length;
    checks.sameServerFindings = {
      ok: onlyFull.length === 0 && onlyServers.length === 0,
      fullInServers: fullInServers.length,
      serversOnly: srv.length,
      onlyInFull: onlyFull.slice(0, 10),
      onlyInServersRun: onlyServers.slice(0, 10),
      messagesDiffer: msgDiff,
      ambiguousPaths,
    };
    const outside = full.filter((f) => !inServer(f.rel));
    const ignoredRe = /(^|\/)(node_modules|dist|coverage|tmp)\/|\.generated\.ts$/;
    const inIgnored = outside.filter((f) => ignoredRe.test(f.rel));
    const elsewhere = outside.filter((f) => !ignoredRe.test(f.rel));
    checks.noFindingsOutsideServers = {
      ok: outside.length === 0,
      inIgnoredPaths: inIgnored.length,
      inOrdinaryCode: elsewhere.length,
      examples: outside.slice(0, 10).map((f) => f.key),
    };
    const diffs = [];
    for (const k of ['full', 'servers']) {
      const first = norm[k][0];
      norm[k].forEach((l, i) => {
        if (sameList(l, first)) return;
        const a = new Set(first.map((f) => f.key));
        const b = new Set(l.map((f) => f.key));
        diffs.push({ scan: k, run: i + 1, counts: [first.length, l.length],
          onlyInRun1: [...a].filter((x) => !b.has(x)).slice(0, 5), onlyInThisRun: [...b].filter((x) => !a.has(x)).slice(0, 5) });
      });
    }
    checks.deterministic = { ok: diffs.length === 0, diffs };
    const expectedFull = meta.ordinaryFiles + meta.clientPackageFiles + meta.serverSourceFiles;
    const rf = reports.full.find(Boolean);
    const rs = reports.servers.find(Boolean);
    checks.discovery = {
      fullFilesScanned: rf?.summary?.filesScanned ?? null,
      fullFilesAnalyzed: rf?.summary?.filesAnalyzed ?? null,
      expectedFullFilesScanned: expectedFull,
      serversFilesScanned: rs?.summary?.filesScanned ?? null,
      serversFilesAnalyzed: rs?.summary?.filesAnalyzed ?? null,
      expectedServersFilesScanned: meta.serverSourceFiles,
      ok: (rf?.summary?.filesScanned ?? expectedFull) === expectedFull,
    };
  }

  // 6. numbers, ratios, aims
  // statistics over the runs that succeeded only (a crashed run is fast and would flatter the median)
  const stat = (all) => {
    const list = all.filter((r) => r.ok);
    if (!list.length) return { medianMs: NaN, minMs: NaN, maxMs: NaN, runsMs: [], peakRssKB: null, medianPeakRssKB: null, rssSource: null, cpuS: null, nodeProcs: 0, exitCodes: [...new Set(all.map((r) => r.exitCode))], failedRuns: all.length };
    const w = list.map((r) => r.wallMs);
    const rss = list.map((r) => r.peakRssKB).filter((x) => x != null);
    return {
      medianMs: median(w), minMs: Math.min(...w), maxMs: Math.max(...w), runsMs: w.map((x) => Math.round(x)),
      peakRssKB: rss.length ? Math.max(...rss) : null, medianPeakRssKB: rss.length ? median(rss) : null,
      rssSource: list[0].rssSource,
      cpuS: list[0].cpuS ? median(list.map((r) => (r.cpuS ? r.cpuS.user + r.cpuS.sys : 0))) : null,
      nodeProcs: Math.max(...list.map((r) => r.nodeProcs)),
      exitCodes: [...new Set(all.map((r) => r.exitCode))],
      failedRuns: all.length - list.length,
    };
  };
  const m = { full: stat(runs.full), servers: stat(runs.servers), astgrep: stat(runs.astgrep), apply: applyStat ? stat(applyStat.runs) : null, applyFull: applyFullRuns ? stat(applyFullRuns) : null };
  const officialSumMs = official.perServer.length ? official.perServer.reduce((a, r) => a + r.wallMs, 0) : null;
  const officialPeakKB = official.perServer.length ? Math.max(...official.perServer.map((r) => r.peakRssKB ?? 0)) : null;
  const ratios = {
    fullOverServers: m.full.medianMs / m.servers.medianMs,
    fullOverServersCpu: m.full.cpuS != null && m.servers.cpuS ? m.full.cpuS / m.servers.cpuS : null,
    fullOverAstGrep: m.full.medianMs / m.astgrep.medianMs,
    officialOverServers: officialSumMs != null ? officialSumMs / m.servers.medianMs : null,
    officialOverServersCpu: official.perServer.length && official.perServer.every((x) => x.cpuS != null) && m.servers.cpuS
      ? official.perServer.reduce((a, x) => a + x.cpuS, 0) / m.servers.cpuS : null,
    officialOneRunOverServers: official.all ? official.all.wallMs / m.servers.medianMs : null,
    officialOverApply: officialSumMs != null && m.apply ? officialSumMs / m.apply.medianMs : null,
    officialOverApplyCpu: m.apply?.cpuS && official.perServer.length && official.perServer.every((x) => x.cpuS != null)
      ? official.perServer.reduce((a, x) => a + x.cpuS, 0) / m.apply.cpuS : null,
    officialOneRunOverApply: official.all && m.apply ? official.all.wallMs / m.apply.medianMs : null,
    applyFullOverScanFull: m.applyFull ? m.applyFull.medianMs / m.full.medianMs : null,
  };
  const fullPeakMB = kbToMB(m.full.peakRssKB);
  const fin = (...xs) => xs.every((x) => x != null && Number.isFinite(x));
  const aims = [
    { id: 'full-faster-than-ast-grep', text: 'full scan faster than one ast-grep pattern', value: `${fmtS(m.full.medianMs)} s vs ${fmtS(m.astgrep.medianMs)} s`, met: fin(m.full.medianMs, m.astgrep.medianMs) ? m.full.medianMs < m.astgrep.medianMs : null },
    { id: 'full-within-2x-servers', text: `full scan within ${AIM.fullVsServersMax}× of the servers alone`, value: fmtX(ratios.fullOverServers), met: fin(ratios.fullOverServers) ? ratios.fullOverServers <= AIM.fullVsServersMax : null },
    { id: 'full-peak-under-300MB', text: `full scan peak RSS under ${AIM.peakMB} MB`, value: fullPeakMB == null ? '—' : `${fullPeakMB.toFixed(0)} MB`, met: fullPeakMB != null && fullPeakMB < AIM.peakMB },
    ...(m.apply ? [{ id: 'apply-faster-than-official', text: 'apply --dry-run on the servers faster than the official dry run (sum per server)', value: `${fmtS(m.apply.medianMs)} s vs ${fmtS(officialSumMs)} s`, met: fin(m.apply.medianMs, officialSumMs) ? m.apply.medianMs < officialSumMs : null }] : []),
    ...(m.applyFull ? [{ id: 'apply-full-within-2x-scan', text: 'apply --dry-run on the whole tree at most 2× the full scan', value: fmtX(ratios.applyFullOverScanFull), met: fin(ratios.applyFullOverScanFull) ? ratios.applyFullOverScanFull <= 2 : null }] : []),
    { id: 'servers-10x-faster-than-official', text: `servers alone ≥ ${AIM.officialSpeedupMin}× faster than the official dry run`, value: fmtX(ratios.officialOverServers), met: fin(ratios.officialOverServers) ? ratios.officialOverServers >= AIM.officialSpeedupMin : null },
    ...(everythingApply ? [{ id: 'everything-apply-within-1.5x-official', text: everythingApply.aim.text, value: everythingApplyAimRow(everythingApply).split(' | ')[1], met: everythingApply.aim.met }] : []),
    ...(sdkHeavy?.aim ? [{ id: 'sdk-heavy-5x-faster-than-official', text: sdkHeavy.aim.text, value: `${fmtX(sdkHeavy.ratios.wall)} (${fmtS(sdkHeavy.official.medianMs)} s vs ${fmtS(sdkHeavy.scan.medianMs)} s; by CPU ${fmtX(sdkHeavy.ratios.cpu)})`, met: sdkHeavy.aim.met }] : []),
  ];

  const rf = reports.full.find(Boolean);
  const result = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, totalMemMB: Math.round(os.totalmem() / 1e6),
      platform: `${os.platform()} ${os.release()} ${os.arch()}`, node: process.version,
      loadAvg1mBefore: +loadBefore[0].toFixed(2), loadAvg1mAfter: +os.loadavg()[0].toFixed(2),
    },
    tool: { command: tool.display, source: tool.source, version: rf?.tool?.version ?? null, repo: gitHead(REPO),
      changedDuringRun: toolPrintBefore != null && toolPrintBefore !== toolFingerprint() },
    peers: { astGrep: AST_GREP_VERSION, codemod: CODEMOD_VERSION, installedNow: peers.installedNow },
    rssMethod: gnuTime ? '/usr/bin/time -f %M (ru_maxrss of the child, from wait4)' : 'Node preload maxRSS at exit / polled /proc VmHWM',
    tree: {
      path: path.relative(REPO, TREE), generatorVersion: GENERATOR_VERSION, key: meta.key, seed: meta.seed,
      ordinaryFiles: meta.ordinaryFiles, packages: meta.packages, writtenFiles: meta.writtenFiles, megabytes: +(meta.writtenBytes / 1e6).toFixed(1),
      filesInIgnoredPaths: meta.ignoredFiles, mcpMentionFiles: meta.mcpMentionFiles, mcpClientFiles: meta.clientPackageFiles,
      mcpServers: servers.map((s) => ({ dir: s.dir, origin: s.origin, sdk: s.sdk, sourceFiles: s.sourceFiles })),
      mcpServerFiles: meta.serverSourceFiles,
    },
    repeats: opts.repeats,
    measurements: {
      full: { label: labels.full, command: `${tool.display} scan . --format json --fail-on none`, ...m.full, findings: rf?.summary?.findings ?? null },
      servers: { label: labels.servers, command: `${tool.display} scan ${serverDirs.join(' ')} --format json --fail-on none`, ...m.servers, findings: reports.servers.find(Boolean)?.summary?.findings ?? null },
      astgrep: { label: labels.astgrep, command: `ast-grep run -p '${AST_GREP_PATTERN}' -l ts .`, ...m.astgrep, matches: astGrepMatches, matchedFiles: astGrepFiles },
      officialPerServer: official.perServer.length ? { label: `official codemod v1-to-v2 --dry-run, each v1 server (sum of ${official.perServer.length})`, sumMs: officialSumMs, peakRssKB: officialPeakKB, runs: official.perServer } : null,
      officialAllInOne: official.all ? { label: 'official codemod --dry-run, all v1 servers in one dir (one run)', ...official.all } : null,
      officialFullTree: official.full ? { label: 'official codemod --dry-run, full tree', ...official.full } : null,
      applyServers: m.apply ? { label: 'mcp-migrate apply --dry-run, MCP servers only', command: `${tool.display} apply --dry-run --format json --fail-on none ${serverDirs.join(' ')}`, ...m.apply,
        filesChanged: applyStat.filesChanged, sdkV2Files: applyStat.sdkV2Files, transformFailures: applyStat.failures, transformFailureList: applyStat.failureList, wroteNothing: applyStat.wroteNothing } : null,
      applyFull: m.applyFull ? { label: 'mcp-migrate apply --dry-run, full tree', command: `${tool.display} apply --dry-run --format json --fail-on none .`, ...m.applyFull } : null,
    },
    ratios,
    aims,
    checks,
    sdkHeavy,
    everythingApply,
    failures,
  };

  // 7. output
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
  const md = renderMarkdown(result);
  fs.writeFileSync(path.join(RESULTS, 'latest.md'), md);
  console.log(md);
  log(`wrote ${path.relative(REPO, path.join(RESULTS, 'latest.json'))} and latest.md`);

  // fatal: the requested correctness check and determinism; discovery/precision are reported, not fatal
  const checksOk = [checks.sameServerFindings, checks.deterministic, sdkHeavy?.findingsCheck].every((c) => !c || c.ok !== false);
  const aimsOk = aims.every((a) => a.met !== false);
  if (result.tool.changedDuringRun) log('WARNING: bin/ or dist/ changed during the run (rebuilt?) — rerun for clean numbers');
  if (failures.length || !checksOk || (opts.strict && !aimsOk)) process.exitCode = 1;
}

function renderMarkdown(r) {
  const M = r.measurements;
  const rows = [];
  const row = (name, med, min, max, rss, notes) => rows.push(`| ${name} | ${med} | ${min} | ${max} | ${rss} | ${notes} |`);
  const procNote = (x) => (x.nodeProcs > 1 ? `; ${x.nodeProcs} Node processes` : '') + (x.failedRuns ? `; **${x.failedRuns} failed run(s) left out**` : '');
  row(`(a) ${M.full.label}`, fmtS(M.full.medianMs), fmtS(M.full.minMs), fmtS(M.full.maxMs), fmtMB(M.full.peakRssKB),
    `${M.full.findings ?? '?'} findings; ${r.checks.discovery?.fullFilesScanned ?? '?'} files scanned, ${r.checks.discovery?.fullFilesAnalyzed ?? '?'} analyzed${M.full.cpuS != null ? `; CPU ${M.full.cpuS.toFixed(1)} s` : ''}${procNote(M.full)}`);
  row(`(b) ${M.servers.label}`, fmtS(M.servers.medianMs), fmtS(M.servers.minMs), fmtS(M.servers.maxMs), fmtMB(M.servers.peakRssKB),
    `${M.servers.findings ?? '?'} findings; ${r.checks.discovery?.serversFilesScanned ?? '?'} files scanned${M.servers.cpuS != null ? `; CPU ${M.servers.cpuS.toFixed(1)} s` : ''}${procNote(M.servers)}`);
  row(`(c) ${M.astgrep.label}`, fmtS(M.astgrep.medianMs), fmtS(M.astgrep.minMs), fmtS(M.astgrep.maxMs), fmtMB(M.astgrep.peakRssKB),
    `${M.astgrep.matches} matches in ${M.astgrep.matchedFiles} files${M.astgrep.cpuS != null ? `; CPU ${M.astgrep.cpuS.toFixed(1)} s` : ''}${procNote(M.astgrep)}`);
  if (M.officialPerServer) {
    row(`(d) ${M.officialPerServer.label}`, fmtS(M.officialPerServer.sumMs), '', '', fmtMB(M.officialPerServer.peakRssKB),
      M.officialPerServer.runs.map((x) => `${x.dir.replace('packages/', '')} ${fmtS(x.wallMs)} s`).join(', ') + (M.officialPerServer.runs.every((x) => x.wroteNothing) ? '; wrote nothing' : '; **modified files**'));
  }
  if (M.officialAllInOne) row(`(d′) ${M.officialAllInOne.label}`, fmtS(M.officialAllInOne.wallMs), '', '', fmtMB(M.officialAllInOne.peakRssKB), 'informative');
  if (M.applyServers) {
    const A = M.applyServers;
    row(`(f) ${A.label}`, fmtS(A.medianMs), fmtS(A.minMs), fmtS(A.maxMs), fmtMB(A.peakRssKB),
      `${A.filesChanged ?? '?'} files would change (${A.sdkV2Files ?? '?'} moved to SDK v2 by the official transforms in memory)${A.transformFailures ? `; exit 2: ${A.transformFailures} file(s) a transform refused, left unchanged: ${A.transformFailureList.join(', ')}` : ''}${A.wroteNothing ? '; wrote nothing' : '; **modified files**'}${A.cpuS != null ? `; CPU ${A.cpuS.toFixed(1)} s` : ''}${procNote(A)}`);
  }
  if (M.applyFull) {
    const G = M.applyFull;
    row(`(g) ${G.label}`, fmtS(G.medianMs), fmtS(G.minMs), fmtS(G.maxMs), fmtMB(G.peakRssKB), `exit ${G.exitCodes.join('/')}${G.cpuS != null ? `; CPU ${G.cpuS.toFixed(1)} s` : ''}${procNote(G)}`);
  }
  if (M.officialFullTree) row(`(e) ${M.officialFullTree.label}`, fmtS(M.officialFullTree.wallMs), '', '', fmtMB(M.officialFullTree.peakRssKB), `**${M.officialFullTree.status}**`);
  if (r.sdkHeavy) rows.push(...sdkHeavyRows(r.sdkHeavy));
  if (r.everythingApply) rows.push(...everythingApplyRows(r.everythingApply));

  const t = r.tree;
  const c = r.checks;
  const lines = [];
  lines.push('# mcp-migrate benchmark — latest run', '');
  lines.push(`- When: ${r.generatedAt}`);
  lines.push(`- Machine: ${r.machine.cpus} × ${r.machine.cpuModel ?? '?'}, ${r.machine.totalMemMB} MB RAM, ${r.machine.platform}, Node ${r.machine.node}; 1-min load average ${r.machine.loadAvg1mBefore} before, ${r.machine.loadAvg1mAfter} after${Math.max(r.machine.loadAvg1mBefore, r.machine.loadAvg1mAfter) > r.machine.cpus * 0.5 ? ' (**busy machine: wall times are noisy, compare CPU s**)' : ''}`);
  lines.push(`- Tool: \`${r.tool.command}\` (${r.tool.source}), version ${r.tool.version ?? '?'}${r.tool.repo ? `, commit ${r.tool.repo.commit.slice(0, 10)}${r.tool.repo.dirtySources ? ' + uncommitted changes' : ''}` : ''}`);
  lines.push(`- Peers: ast-grep ${r.peers.astGrep}, @modelcontextprotocol/codemod ${r.peers.codemod}`);
  lines.push(`- Tree: ${t.ordinaryFiles} ordinary TS files in ${t.packages} packages + ${t.mcpServers.length} MCP servers (${t.mcpServerFiles} files: ${t.mcpServers.map((s) => `${s.dir.replace('packages/', '')} [${s.origin}, ${s.sdk}]`).join(', ')}) + an MCP client (${t.mcpClientFiles} files); ${t.mcpMentionFiles} ordinary files mention MCP in comments; ${t.filesInIgnoredPaths} files in ignored paths; ${t.writtenFiles} files, ${t.megabytes} MB in all (generator v${t.generatorVersion}, seed ${t.seed})`);
  lines.push(`- Wall time: median of ${r.repeats} runs after one warm-up run each, (a)/(b)/(c) interleaved; (d) one run per server. Peak RSS: ${r.rssMethod}; the max over the runs.`);
  if (r.everythingApply) lines.push(`- apply on src/everything (j)/(k), issue 14: ${r.everythingApply.target.label}; median of ${r.everythingApply.repeats} interleaved runs after a warm-up each (bench/everything-apply.mjs); load ${r.everythingApply.machine.loadAvg1mBefore} before, ${r.everythingApply.machine.loadAvg1mAfter} after.`);
  if (r.sdkHeavy) lines.push(`- SDK-heavy server (h)/(i), issue 7: ${r.sdkHeavy.target.label}; median of ${r.sdkHeavy.repeats} interleaved runs after a warm-up each (bench/sdk-heavy.mjs); load ${r.sdkHeavy.machine.loadAvg1mBefore} before, ${r.sdkHeavy.machine.loadAvg1mAfter} after.`);
  lines.push('');
  lines.push('| measurement | median s | min s | max s | peak RSS MB | notes |', '|---|---:|---:|---:|---:|---|', ...rows);
  lines.push('');
  lines.push('| ratio | value |', '|---|---:|');
  lines.push(`| full tree / servers only | ${fmtX(r.ratios.fullOverServers)} |`);
  if (r.ratios.fullOverServersCpu != null) lines.push(`| full tree / servers only, by CPU time (user+sys) | ${fmtX(r.ratios.fullOverServersCpu)} |`);
  lines.push(`| full tree / ast-grep one pattern | ${fmtX(r.ratios.fullOverAstGrep)} |`);
  lines.push(`| official dry run (sum per server) / ours on servers | ${fmtX(r.ratios.officialOverServers)} |`);
  if (r.ratios.officialOverServersCpu != null) lines.push(`| official dry run (sum per server) / ours on servers, by CPU time | ${fmtX(r.ratios.officialOverServersCpu)} |`);
  if (r.ratios.officialOneRunOverServers != null) lines.push(`| official dry run (one run, all servers) / ours on servers | ${fmtX(r.ratios.officialOneRunOverServers)} |`);
  if (r.ratios.officialOverApply != null) lines.push(`| official dry run (sum per server) / our apply --dry-run on servers | ${fmtX(r.ratios.officialOverApply)} |`);
  if (r.ratios.officialOverApplyCpu != null) lines.push(`| official dry run (sum per server) / our apply --dry-run on servers, by CPU time | ${fmtX(r.ratios.officialOverApplyCpu)} |`);
  if (r.ratios.applyFullOverScanFull != null) lines.push(`| our apply --dry-run / our scan, full tree | ${fmtX(r.ratios.applyFullOverScanFull)} |`);
  if (r.ratios.officialOneRunOverApply != null) lines.push(`| official dry run (one run, all servers) / our apply --dry-run on servers | ${fmtX(r.ratios.officialOneRunOverApply)} |`);
  if (r.sdkHeavy) lines.push(...sdkHeavyRatioRows(r.sdkHeavy));
  if (r.everythingApply) lines.push(...everythingApplyRatioRows(r.everythingApply));
  lines.push('');
  lines.push('| aim | value | met |', '|---|---|:---:|');
  for (const a of r.aims) lines.push(`| ${a.text} | ${a.value} | ${a.met == null ? 'n/a' : a.met ? 'yes' : '**no**'} |`);
  lines.push('');
  lines.push('Checks:');
  if (c.sameServerFindings) {
    const s = c.sameServerFindings;
    lines.push(`- ${s.ok ? 'PASS' : '**FAIL**'} same findings for the server files in the full-tree scan and the servers-only scan: ${s.fullInServers} vs ${s.serversOnly}` +
      `${s.onlyInFull.length ? `; only in full: ${s.onlyInFull.join(', ')}` : ''}${s.onlyInServersRun.length ? `; only in servers-only: ${s.onlyInServersRun.join(', ')}` : ''}` +
      `${s.messagesDiffer ? `; ${s.messagesDiffer} message(s) differ` : ''}${s.ambiguousPaths ? `; ${s.ambiguousPaths} finding path(s) ambiguous` : ''}`);
  }
  if (c.noFindingsOutsideServers) {
    const s = c.noFindingsOutsideServers;
    lines.push(`- ${s.ok ? 'PASS' : '**WARN**'} no findings outside the MCP servers (ordinary code, MCP client, ignored paths): ${s.inOrdinaryCode} in ordinary code, ${s.inIgnoredPaths} in ignored paths${s.examples.length ? ` — e.g. ${s.examples.slice(0, 5).join(', ')}` : ''}`);
  }
  if (c.deterministic) {
    lines.push(`- ${c.deterministic.ok ? 'PASS' : '**FAIL**'} identical findings across repeated runs` +
      c.deterministic.diffs.map((d) => `; ${d.scan} run ${d.run}: ${d.counts[0]} vs ${d.counts[1]} findings (only in run 1: ${d.onlyInRun1.join(', ') || '—'}; only in run ${d.run}: ${d.onlyInThisRun.join(', ') || '—'})`).join(''));
  }
  if (r.sdkHeavy) lines.push(sdkHeavyCheckLine(r.sdkHeavy));
  if (r.everythingApply) lines.push(...everythingApplyCheckLines(r.everythingApply));
  if (r.tool.changedDuringRun) lines.push('- **WARN** the tool under test (dist/, bin/) changed during this run: numbers and checks may mix two builds');
  if (c.discovery) {
    const d = c.discovery;
    lines.push(`- ${d.ok ? 'PASS' : '**WARN**'} discovery: full scan looked at ${d.fullFilesScanned} files (expected ${d.expectedFullFilesScanned} with every ignore honoured) and analyzed ${d.fullFilesAnalyzed ?? '?'}; servers-only looked at ${d.serversFilesScanned} (expected ${d.expectedServersFilesScanned}), analyzed ${d.serversFilesAnalyzed ?? '?'}`);
  }
  if (r.failures.length) {
    lines.push('', 'Failures:');
    for (const f of r.failures) lines.push(`- ${f}`);
  }
  lines.push('');
  return lines.join('\n');
}

main().catch((e) => {
  if (currentChild) try { process.kill(-currentChild.pid, 'SIGKILL'); } catch { /* gone */ }
  console.error(e);
  process.exit(1);
});
