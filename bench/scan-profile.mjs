#!/usr/bin/env node
// Where a cold `scan` spends its CPU, by phase (issue 14): runs `scan . --format json --fail-on none` on a target
// under `node --cpu-prof` and sorts every sample into the first phase (in the order of PHASES) one of whose frames
// its stack holds. Shares of one sampled profile, not a benchmark: the ratio to the official dry run is
// bench/sdk-heavy.mjs's measurement.
//
//   node bench/scan-profile.mjs [--target DIR] [--bin PATH] [--runs N] [--keep DIR]
//   node bench/scan-profile.mjs --profiles a.cpuprofile,b.cpuprofile   (sort profiles taken before)
//
// --target: the tree to scan (default: mongodb-js/mongodb-mcp-server under $EVAL_REPOS or /work/eval-repos).
// --bin: the CLI to profile (default: this checkout's bin/mcp-migrate.js; build first).
// --runs: profiles to take, one after another; the table shows each phase's median share and median ms.
// --keep: write the .cpuprofile files there (otherwise a temporary directory, removed afterwards).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const repos = process.env.EVAL_REPOS ?? '/work/eval-repos';
const target = path.resolve(option('--target', path.join(repos, 'mongodb-js__mongodb-mcp-server')));
const bin = path.resolve(option('--bin', path.join(here, '..', 'bin', 'mcp-migrate.js')));
const runs = Math.max(1, Number(option('--runs', '1')));
const keep = option('--keep', undefined);

/** Phases, checked in this order: a sample belongs to the first whose pattern matches a frame of its stack. */
const PHASES = [
  ['garbage collection', /^\(garbage collector\) /],
  ['parse (ts.createSourceFile)', /^createSourceFile .*typescript\.js/],
  ['bind, checker set-up (getTypeChecker)', /^getTypeChecker .*typescript\.js/],
  ['session id flow (SessionFlow.run)', /^run analysis\/session-flow\.js/],
  ['rest of the analysis model (analyze)', /^analyze analysis\/analyze\.js/],
  ['rules: visitors and end() (runEngine)', /^runEngine rules\/engine\.js/],
  ['discovery, reading, prefilter', /^(discoverSources|readSources) /],
  ['gate, suppressions, report, output', /^(judge |scan |main |render|format|write)/],
  ['start-up, module loading', /^(\(root\)|\(program\)|\(anon\) main\/run_main_module|run esm|Module\.|evaluate |loadAndTranslate|_link|require )/],
];

function phasesOf(profilePath) {
  const profile = JSON.parse(fs.readFileSync(profilePath, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frame = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}`;
  const selfTime = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
    total += dt;
  });
  const phases = new Map(PHASES.map(([name]) => [name, 0]));
  phases.set('other', 0);
  for (const [id, dt] of selfTime) {
    const stack = [];
    for (let x = id; x !== undefined; x = parent.get(x)) stack.push(frame(byId.get(x)));
    const phase = PHASES.find(([, re]) => stack.some((f) => re.test(f)))?.[0] ?? 'other';
    phases.set(phase, phases.get(phase) + dt);
  }
  return { total, phases };
}

const given = option('--profiles', undefined)?.split(',');
const dir = given ? undefined : keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'scan-profile-'));
if (dir) fs.mkdirSync(dir, { recursive: true });
const results = given ? given.map((file) => phasesOf(file)) : [];
for (let run = 0; !given && run < runs; run++) {
  const before = new Set(fs.readdirSync(dir));
  const child = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, bin, 'scan', '.', '--format', 'json', '--fail-on', 'none'], { cwd: target, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (child.status !== 0) {
    console.error(`scan failed (exit ${child.status}): ${child.stderr}`);
    process.exit(1);
  }
  const made = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile') && !before.has(f));
  if (made.length !== 1) {
    console.error(`expected one new profile in ${dir}, found ${made.length}`);
    process.exit(1);
  }
  results.push(phasesOf(path.join(dir, made[0])));
}
if (dir && !keep) fs.rmSync(dir, { recursive: true, force: true });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(given ? `scan profile: ${given.join(', ')}` : `scan profile: ${target} (${runs} run${runs > 1 ? 's' : ''}; ${bin}; load ${os.loadavg()[0].toFixed(1)})`);
console.log(`\n| phase | share (median) | ms (median) |\n|---|---:|---:|`);
for (const name of [...PHASES.map(([n]) => n), 'other']) {
  const shares = results.map((r) => r.phases.get(name) / r.total);
  const ms = results.map((r) => r.phases.get(name) / 1000);
  console.log(`| ${name} | ${(100 * median(shares)).toFixed(1)}% | ${median(ms).toFixed(0)} |`);
}
console.log(`| **sampled in all** | 100% | ${median(results.map((r) => r.total / 1000)).toFixed(0)} |`);
