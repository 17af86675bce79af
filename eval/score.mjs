#!/usr/bin/env node
// Score mcp-migrate against hand-written inventories of public MCP servers. The default inventories
// (eval/inventory) are the adjudicated two-rater consensus: every disagreement between the first rating and
// the blind second rating (eval/second-rater) was decided against the code, with the decision recorded in
// eval/adjudication (see eval/README.md, "Adjudication"; node eval/agreement.mjs reports before/after).
//
//   node eval/score.mjs [--repos DIR] [--scanner PATH] [--inventory DIR] [--only NAME[,NAME]]
//                       [--json] [--out FILE] [--details]
//
// For every eval/inventory/<owner>__<name>.json whose repository is present at
// <repos>/<owner>__<name> (fetched at the pinned commit, see eval/fetch-list.txt),
// runs `<scanner> scan <path...> --format json --exclude <glob>...`, then matches
// findings to the inventory's sites. See eval/README.md for the matching rules.
// Plain Node ESM, no dependencies.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const CATEGORIES = ['session-transport', 'session-state', 'handshake', 'deprecated-feature', 'server-push', 'handle-hygiene'];
const TOLERANCE = 2;
const GREP = /session[-_ ]?id|mcp-session-id|oninitialized|getClientCapabilities|getClientVersion|createMessage|listRoots|sendLoggingMessage|elicitInput|sessionIdGenerator|transports\[|resources\/subscribe|\bping\b/i;
const SOURCE_EXT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', '.git', 'coverage', '.next', '.turbo', '.wrangler']);

// ---------------------------------------------------------------------------
// arguments
function parseArgs(argv) {
  const opts = {
    repos: '/work/eval-repos',
    scanner: path.resolve(here, '..', 'bin', 'mcp-migrate.js'),
    inventory: path.join(here, 'inventory'),
    json: false,
    out: undefined,
    only: undefined,
    details: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--repos') opts.repos = path.resolve(next());
    else if (a === '--scanner') opts.scanner = path.resolve(next());
    else if (a === '--inventory') opts.inventory = path.resolve(next());
    else if (a === '--only') opts.only = next().split(',');
    else if (a === '--json') opts.json = true;
    else if (a === '--out') opts.out = path.resolve(next());
    else if (a === '--details') opts.details = true;
    else if (a === '-h' || a === '--help') usage();
    else usage(`unknown argument ${a}`);
  }
  return opts;
}

function usage(msg) {
  if (msg) process.stderr.write(`score.mjs: ${msg}\n`);
  process.stderr.write(
    'usage: node eval/score.mjs [--repos DIR] [--scanner PATH] [--inventory DIR] [--only NAME,..] [--json] [--out FILE] [--details]\n',
  );
  process.exit(msg ? 2 : 0);
}

// ---------------------------------------------------------------------------
// globs (same intuition as the scanner's --exclude: root-relative posix paths,
// a pattern without '/' matches at any depth, a directory match covers its subtree)
function globToRegExp(pattern) {
  let p = pattern.trim().replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  let anchored = false;
  if (p.startsWith('/')) {
    anchored = true;
    p = p.replace(/^\/+/, '');
  }
  p = p.replace(/\/+$/, '');
  if (!anchored && !p.includes('/')) p = `**/${p}`;
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '*') {
      if (p[i + 1] === '*') {
        i++;
        if (p[i + 1] === '/') {
          i++;
          out += '(?:.*/)?';
        } else out += '.*';
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const end = p.indexOf('}', i);
      if (end < 0) out += '\\{';
      else {
        out += `(?:${p.slice(i + 1, end).split(',').map(escapeRe).join('|')})`;
        i = end;
      }
    } else out += escapeRe(c);
  }
  return new RegExp(`^${out}(?:/.*)?$`);
}
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// ---------------------------------------------------------------------------
// inventory helpers
const asArray = (x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** The directory findings and site files are relative to, and the scan arguments. */
function layout(inv, repoDir) {
  const paths = asArray(inv.path ?? '.');
  if (paths.length === 1 && fs.existsSync(path.join(repoDir, paths[0])) && fs.statSync(path.join(repoDir, paths[0])).isDirectory()) {
    return { base: path.join(repoDir, paths[0]), args: ['.'] };
  }
  return { base: repoDir, args: paths };
}

/** Every location that counts for a site: [file, line, exact?]. */
function siteLocations(site) {
  const locs = [{ file: site.file, line: site.line, exact: false }];
  for (const a of asArray(site.alt)) {
    if (typeof a === 'number') locs.push({ file: site.file, line: a, exact: true });
    else if (a && typeof a === 'object') locs.push({ file: a.file ?? site.file, line: a.line, exact: true });
  }
  return locs;
}

/** Distance of a (file, line) to a site, or Infinity when out of reach. */
function distance(site, file, line) {
  let best = Infinity;
  for (const loc of siteLocations(site)) {
    if (loc.file !== file) continue;
    const d = Math.abs(loc.line - line);
    if (loc.exact ? d === 0 : d <= TOLERANCE) best = Math.min(best, loc.exact ? 0.5 : d);
  }
  return best;
}

/** One-to-one greedy matching by increasing distance. Returns Map(siteIndex -> itemIndex). */
function assign(sites, items, compatible) {
  const pairs = [];
  sites.forEach((s, si) =>
    items.forEach((it, ii) => {
      if (!compatible(s, it)) return;
      const d = distance(s, it.file, it.line);
      if (d !== Infinity) pairs.push([d, si, ii]);
    }),
  );
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const bySite = new Map();
  const used = new Set();
  for (const [, si, ii] of pairs) {
    if (bySite.has(si) || used.has(ii)) continue;
    bySite.set(si, ii);
    used.add(ii);
  }
  return bySite;
}

// ---------------------------------------------------------------------------
// scanner and grep
function runScanner(scanner, inv, base, args) {
  const argv = [scanner, 'scan', ...args, '--format', 'json', '--fail-on', 'none'];
  for (const g of asArray(inv.exclude)) argv.push('--exclude', g);
  const t0 = process.hrtime.bigint();
  const res = spawnSync(process.execPath, argv, { cwd: base, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (res.status !== 0 && res.status !== 1) {
    return { error: `scanner exited ${res.status}: ${(res.stderr || '').trim().split('\n').slice(-3).join(' | ')}`, ms };
  }
  let report;
  try {
    report = JSON.parse(res.stdout);
  } catch (e) {
    return { error: `scanner output is not JSON: ${e.message}`, ms };
  }
  const findings = (report.findings ?? [])
    .filter((f) => !f.suppressed)
    .map((f) => ({ file: f.file, line: f.line, category: f.category, ruleId: f.ruleId, message: f.message }));
  return { findings, filesScanned: report.summary?.filesScanned, ms };
}

function listFiles(base, args, excludes) {
  const ex = excludes.map(globToRegExp);
  const excluded = (rel) => ex.some((re) => re.test(rel));
  const out = [];
  const walk = (abs) => {
    const rel = path.relative(base, abs).split(path.sep).join('/');
    if (rel && excluded(rel)) return;
    const st = fs.statSync(abs);
    if (st.isDirectory()) {
      if (SKIP_DIRS.has(path.basename(abs)) && rel !== '') return;
      for (const e of fs.readdirSync(abs).sort()) walk(path.join(abs, e));
    } else if (SOURCE_EXT.test(abs) && !/\.d\.[cm]?ts$/.test(abs)) out.push(rel);
  };
  for (const a of args) {
    const abs = path.resolve(base, a);
    if (fs.existsSync(abs)) walk(abs);
  }
  return [...new Set(out)];
}

function grepBaseline(base, files) {
  const hits = [];
  for (const rel of files) {
    const lines = fs.readFileSync(path.join(base, rel), 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (GREP.test(text)) hits.push({ file: rel, line: i + 1, text: text.trim().slice(0, 120) });
    });
  }
  return hits;
}

// ---------------------------------------------------------------------------
// scoring one repository
function scoreRepo(inv, findings, grepHits) {
  const sites = inv.sites;
  const traps = asArray(inv.traps);
  const onTrap = (f) => traps.some((t) => t.file === f.file && t.line === f.line);
  // true findings the inventory missed, confirmed by a person after a scan: good for precision, not sites for recall
  const confirmed = asArray(inv.confirmed);

  // recall (one finding per site, same category)
  const found = assign(sites, findings, (s, f) => s.category === f.category);
  const grepFound = assign(sites, grepHits, () => true);

  // precision: a finding counts as correct when it is near a site of its category
  const classified = findings.map((f) => {
    if (sites.some((s) => s.category === f.category && distance(s, f.file, f.line) !== Infinity)) return { ...f, verdict: 'match' };
    if (confirmed.some((c) => c.category === f.category && distance(c, f.file, f.line) !== Infinity)) return { ...f, verdict: 'confirmed' };
    if (onTrap(f)) return { ...f, verdict: 'trap' };
    const near = sites.find((s) => distance(s, f.file, f.line) !== Infinity);
    if (near) return { ...f, verdict: 'wrong-category', expected: near.category };
    return { ...f, verdict: 'unclassified' };
  });
  const grepClassified = grepHits.map((h) => {
    if (sites.some((s) => distance(s, h.file, h.line) !== Infinity)) return { ...h, verdict: 'match' };
    if (confirmed.some((c) => distance(c, h.file, h.line) !== Infinity)) return { ...h, verdict: 'confirmed' };
    if (onTrap(h)) return { ...h, verdict: 'trap' };
    return { ...h, verdict: 'unclassified' };
  });

  const missed = sites.filter((_, i) => !found.has(i));
  return {
    sites: sites.map((s, i) => ({ ...s, found: found.has(i), grepFound: grepFound.has(i), finding: found.has(i) ? findings[found.get(i)] : undefined })),
    findings: classified,
    grep: grepClassified,
    missed,
  };
}

function tally(list) {
  const t = { sites: 0, found: 0, grepFound: 0, findings: 0, match: 0, confirmed: 0, trap: 0, wrongCategory: 0, unclassified: 0, grepHits: 0, grepMatch: 0, grepTrap: 0 };
  for (const r of list) {
    t.sites += r.sites.length;
    t.found += r.sites.filter((s) => s.found).length;
    t.grepFound += r.sites.filter((s) => s.grepFound).length;
    t.findings += r.findings.length;
    t.match += r.findings.filter((f) => f.verdict === 'match').length;
    t.confirmed += r.findings.filter((f) => f.verdict === 'confirmed').length;
    t.trap += r.findings.filter((f) => f.verdict === 'trap').length;
    t.wrongCategory += r.findings.filter((f) => f.verdict === 'wrong-category').length;
    t.unclassified += r.findings.filter((f) => f.verdict === 'unclassified').length;
    t.grepHits += r.grep.length;
    t.grepMatch += r.grep.filter((h) => h.verdict === 'match' || h.verdict === 'confirmed').length;
    t.grepTrap += r.grep.filter((h) => h.verdict === 'trap').length;
  }
  return t;
}

// Category coverage (issue 15's measure): for every (repository, category) pair the inventory
// has a site for, is at least one of those sites found? Reported for the scanner and for grep.
function categoryCoverage(list) {
  const byCategory = Object.fromEntries(CATEGORIES.map((c) => [c, { cases: 0, covered: 0, grepCovered: 0 }]));
  for (const r of list) {
    for (const c of CATEGORIES) {
      const sites = r.sites.filter((s) => s.category === c);
      if (!sites.length) continue;
      byCategory[c].cases += 1;
      if (sites.some((s) => s.found)) byCategory[c].covered += 1;
      if (sites.some((s) => s.grepFound)) byCategory[c].grepCovered += 1;
    }
  }
  const total = Object.values(byCategory).reduce(
    (t, c) => ({ cases: t.cases + c.cases, covered: t.covered + c.covered, grepCovered: t.grepCovered + c.grepCovered }),
    { cases: 0, covered: 0, grepCovered: 0 },
  );
  return { byCategory, total };
}

const ratio = (a, b) => (b === 0 ? '–' : (a / b).toFixed(2));
const num = (a, b) => (b === 0 ? null : Number((a / b).toFixed(4)));

// ---------------------------------------------------------------------------
// report

/** Which ground truth was scored: how many of the scored inventories are adjudicated two-rater consensus. */
function inventoryProvenance(inventoryDir, done) {
  const has = (dir, r) => fs.existsSync(path.join(inventoryDir, '..', dir, `${r.name}.json`));
  const twoRaters = done.filter((r) => has('second-rater', r)).length;
  const adjudicated = done.filter((r) => has('second-rater', r) && has('adjudication', r)).length;
  return `Inventories: \`${path.relative(process.cwd(), inventoryDir) || inventoryDir}\` · ${twoRaters} of ${done.length} rated by two raters · scored as adjudicated (two-rater consensus; ${adjudicated} with recorded decisions in \`adjudication/\`, the rest without disagreements)`;
}

function markdown(results, skipped, opts) {
  const done = results.filter((r) => !r.error);
  const L = [];
  L.push(`Scanner: \`${path.relative(process.cwd(), opts.scanner) || opts.scanner}\` · repos: \`${opts.repos}\` · ${done.length} repositories scored`);
  L.push(inventoryProvenance(opts.inventory, done));
  L.push('');
  L.push('### Per repository');
  L.push('');
  L.push('| repository | framework | sites | found | recall | findings | match | confirmed | trap | wrong cat. | unclassified | precision | grep hits | grep found | grep recall | grep precision |');
  L.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    if (r.error) {
      L.push(`| ${r.repo} | ${r.framework} | ${r.inv.sites.length} | – | – | – | – | – | – | – | – | error: ${r.error.replace(/\|/g, '/')} | | | | |`);
      continue;
    }
    const t = tally([r.score]);
    L.push(
      `| ${r.repo} | ${r.framework} | ${t.sites} | ${t.found} | ${ratio(t.found, t.sites)} | ${t.findings} | ${t.match} | ${t.confirmed} | ${t.trap} | ${t.wrongCategory} | ${t.unclassified} | ${ratio(t.match + t.confirmed, t.findings)} | ${t.grepHits} | ${t.grepFound} | ${ratio(t.grepFound, t.sites)} | ${ratio(t.grepMatch, t.grepHits)} |`,
    );
  }
  const T = tally(done.map((r) => r.score));
  L.push(
    `| **total** | | **${T.sites}** | **${T.found}** | **${ratio(T.found, T.sites)}** | **${T.findings}** | **${T.match}** | **${T.confirmed}** | **${T.trap}** | **${T.wrongCategory}** | **${T.unclassified}** | **${ratio(T.match + T.confirmed, T.findings)}** | **${T.grepHits}** | **${T.grepFound}** | **${ratio(T.grepFound, T.sites)}** | **${ratio(T.grepMatch, T.grepHits)}** |`,
  );
  L.push('');
  L.push(
    `Precision = (match + confirmed) / findings: trap, wrong-category and unclassified findings all count against it. Judged precision (unclassified left out, for a person to rule on): **${ratio(T.match + T.confirmed, T.match + T.confirmed + T.trap + T.wrongCategory)}**. Recall counts inventory sites only (confirmed extras are not sites).`,
  );
  L.push('');
  L.push('### Per category');
  L.push('');
  L.push('| category | sites | found | recall | findings | match | precision | grep found | grep recall |');
  L.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const c of CATEGORIES) {
    const sites = done.flatMap((r) => r.score.sites.filter((s) => s.category === c));
    const fs_ = done.flatMap((r) => r.score.findings.filter((f) => f.category === c));
    if (!sites.length && !fs_.length) continue;
    const f = sites.filter((s) => s.found).length;
    const g = sites.filter((s) => s.grepFound).length;
    const m = fs_.filter((x) => x.verdict === 'match' || x.verdict === 'confirmed').length;
    L.push(`| ${c} | ${sites.length} | ${f} | ${ratio(f, sites.length)} | ${fs_.length} | ${m} | ${ratio(m, fs_.length)} | ${g} | ${ratio(g, sites.length)} |`);
  }
  L.push('');
  const coverage = categoryCoverage(done.map((r) => r.score));
  L.push('### Category coverage (a category counts for a repository when at least one of its sites there is found)');
  L.push('');
  L.push('| category | repositories with the category | scan covers | coverage | grep covers | grep coverage |');
  L.push('|---|---:|---:|---:|---:|---:|');
  for (const c of CATEGORIES) {
    const k = coverage.byCategory[c];
    if (!k.cases) continue;
    L.push(`| ${c} | ${k.cases} | ${k.covered} | ${ratio(k.covered, k.cases)} | ${k.grepCovered} | ${ratio(k.grepCovered, k.cases)} |`);
  }
  const K = coverage.total;
  L.push(`| **total** | **${K.cases}** | **${K.covered}** | **${ratio(K.covered, K.cases)}** | **${K.grepCovered}** | **${ratio(K.grepCovered, K.cases)}** |`);
  L.push('');
  L.push('### Per difficulty (inventory judgement)');
  L.push('');
  L.push('| difficulty | sites | found | recall | grep found | grep recall |');
  L.push('|---|---:|---:|---:|---:|---:|');
  for (const d of ['easy', 'med', 'hard']) {
    const sites = done.flatMap((r) => r.score.sites.filter((s) => (s.difficulty ?? 'med') === d));
    const f = sites.filter((s) => s.found).length;
    const g = sites.filter((s) => s.grepFound).length;
    L.push(`| ${d} | ${sites.length} | ${f} | ${ratio(f, sites.length)} | ${g} | ${ratio(g, sites.length)} |`);
  }
  if (skipped.length) {
    L.push('');
    L.push(`Skipped (repository not present under \`${opts.repos}\`): ${skipped.map((s) => `\`${s}\``).join(', ')}.`);
  }
  if (opts.details) {
    L.push('');
    L.push('### Details');
    for (const r of done) {
      const miss = r.score.sites.filter((s) => !s.found);
      const bad = r.score.findings.filter((f) => f.verdict !== 'match' && f.verdict !== 'confirmed');
      if (!miss.length && !bad.length) continue;
      L.push('');
      L.push(`#### ${r.repo}`);
      for (const s of miss) L.push(`- missed \`${s.file}:${s.line}\` ${s.category} (${s.difficulty ?? 'med'}): ${s.note}`);
      for (const f of bad)
        L.push(`- ${f.verdict}${f.expected ? ` (site is ${f.expected})` : ''} \`${f.file}:${f.line}\` ${f.ruleId}: ${(f.message ?? '').split('\n')[0].slice(0, 140)}`);
    }
  }
  return L.join('\n') + '\n';
}

// ---------------------------------------------------------------------------
function main() {
  const opts = parseArgs(process.argv.slice(2));
  const files = fs
    .readdirSync(opts.inventory)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const results = [];
  const skipped = [];
  for (const f of files) {
    const name = f.replace(/\.json$/, '');
    if (opts.only && !opts.only.includes(name)) continue;
    const inv = JSON.parse(fs.readFileSync(path.join(opts.inventory, f), 'utf8'));
    const repoDir = path.join(opts.repos, name);
    if (!fs.existsSync(repoDir)) {
      skipped.push(name);
      process.stderr.write(`skip ${name}: ${repoDir} not present\n`);
      continue;
    }
    const { base, args } = layout(inv, repoDir);
    const scan = runScanner(opts.scanner, inv, base, args);
    const entry = { name, repo: inv.repo, commit: inv.commit, framework: inv.framework, language: inv.language, inv };
    if (scan.error) {
      results.push({ ...entry, error: scan.error });
      process.stderr.write(`${name}: ${scan.error}\n`);
      continue;
    }
    const srcFiles = listFiles(base, args, asArray(inv.exclude));
    const hits = grepBaseline(base, srcFiles);
    const score = scoreRepo(inv, scan.findings, hits);
    results.push({ ...entry, ms: Math.round(scan.ms), filesScanned: scan.filesScanned, grepFiles: srcFiles.length, score });
    process.stderr.write(`${name}: ${scan.findings.length} findings in ${Math.round(scan.ms)} ms\n`);
  }

  let output;
  if (opts.json) {
    const done = results.filter((r) => !r.error);
    const T = tally(done.map((r) => r.score));
    output =
      JSON.stringify(
        {
          scanner: opts.scanner,
          repos: opts.repos,
          totals: {
            ...T,
            recall: num(T.found, T.sites),
            precision: num(T.match + T.confirmed, T.findings),
            judgedPrecision: num(T.match + T.confirmed, T.match + T.confirmed + T.trap + T.wrongCategory),
            grepRecall: num(T.grepFound, T.sites),
            grepPrecision: num(T.grepMatch, T.grepHits),
          },
          categoryCoverage: categoryCoverage(done.map((r) => r.score)),
          skipped,
          results: results.map(({ inv, score, ...r }) => ({
            ...r,
            sites: score?.sites,
            findings: score?.findings,
            grepHits: score?.grep.length,
            grepMatches: score?.grep.filter((h) => h.verdict === 'match' || h.verdict === 'confirmed').length,
          })),
        },
        null,
        2,
      ) + '\n';
  } else output = markdown(results, skipped, opts);
  if (opts.out) fs.writeFileSync(opts.out, output);
  else process.stdout.write(output);
}

main();
