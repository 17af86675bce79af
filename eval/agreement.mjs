#!/usr/bin/env node
// Inter-rater agreement between two sets of hand-written inventories.
//
//   node eval/agreement.mjs                       # Markdown table on stdout
//   node eval/agreement.mjs --details             # + every disagreement
//   node eval/agreement.mjs --json                # machine-readable
//   node eval/agreement.mjs --a eval/inventory --b eval/second-rater --only upstash__context7
//
// Rater A defaults to eval/inventory (the original ground truth), rater B to eval/second-rater.
// Every repository that has a file in both directories is compared.
//
// Matching. Two sites (one from each rater) can pair when they are in the same file and
// |line difference| <= 3, or when one's (file, line) is listed in the other's `alt`. Pairing is
// one-to-one, closest pairs first (alt hits count as distance 0.5; at equal distance a pair that
// agrees on category goes first), so one site never satisfies two. Category is NOT required for a
// match: category agreement is reported separately over the matched pairs.
//
// Measures. Cohen's kappa needs agreed negatives, which a list of sites does not have, so the
// summary figure is positive (specific) agreement = 2·both / (A + B), i.e. the Dice/F1 of the two
// raters' site sets. Category agreement = matched pairs with the same category / matched pairs.
// Site-versus-trap conflicts (a site of one rater exactly on a line the other listed as a trap)
// are listed under --details because they are the sharpest disagreements.
//
// Plain Node >= 20, no dependencies.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOLERANCE = 3;

function parseArgs(argv) {
  const opts = { a: path.join(here, 'inventory'), b: path.join(here, 'second-rater'), details: false, json: false, only: null, out: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--a') opts.a = path.resolve(next());
    else if (arg === '--b') opts.b = path.resolve(next());
    else if (arg === '--details') opts.details = true;
    else if (arg === '--json') opts.json = true;
    else if (arg === '--out') opts.out = path.resolve(next());
    else if (arg === '--only') opts.only = new Set(next().split(',').map((s) => s.trim()).filter(Boolean));
    else if (arg === '-h' || arg === '--help') usage();
    else usage(`unknown argument ${arg}`);
  }
  return opts;
}

function usage(msg) {
  if (msg) process.stderr.write(`agreement: ${msg}\n`);
  process.stderr.write('usage: node eval/agreement.mjs [--a DIR] [--b DIR] [--only name,name] [--details] [--json] [--out FILE]\n');
  process.exit(msg ? 2 : 0);
}

const asArray = (x) => (x === undefined || x === null ? [] : Array.isArray(x) ? x : [x]);

function readInventory(file) {
  const inv = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(inv.sites)) throw new Error(`${file}: no "sites" array`);
  return inv;
}

/** Alternative locations of a site, as exact {file, line}. */
function alts(site) {
  const out = [];
  for (const a of asArray(site.alt)) {
    if (typeof a === 'number') out.push({ file: site.file, line: a });
    else if (a && typeof a === 'object' && typeof a.line === 'number') out.push({ file: a.file ?? site.file, line: a.line });
  }
  return out;
}

/** Distance between a site of A and a site of B, or Infinity when they cannot pair. */
function distance(sa, sb) {
  let best = Infinity;
  if (sa.file === sb.file) {
    const d = Math.abs(sa.line - sb.line);
    if (d <= TOLERANCE) best = d;
  }
  const onAlt = (site, other) => alts(site).some((l) => l.file === other.file && l.line === other.line);
  if (onAlt(sa, sb) || onAlt(sb, sa)) best = Math.min(best, 0.5);
  return best;
}

function compare(invA, invB) {
  const A = invA.sites.map((s, i) => ({ ...s, _i: i }));
  const B = invB.sites.map((s, i) => ({ ...s, _i: i }));
  const pairs = [];
  for (const sa of A) {
    for (const sb of B) {
      const d = distance(sa, sb);
      if (d !== Infinity) pairs.push({ sa, sb, d, same: sa.category === sb.category });
    }
  }
  pairs.sort((x, y) => x.d - y.d || Number(y.same) - Number(x.same) || x.sa._i - y.sa._i || x.sb._i - y.sb._i);
  const usedA = new Set();
  const usedB = new Set();
  const matched = [];
  for (const p of pairs) {
    if (usedA.has(p.sa._i) || usedB.has(p.sb._i)) continue;
    usedA.add(p.sa._i);
    usedB.add(p.sb._i);
    matched.push(p);
  }
  matched.sort((x, y) => cmpLoc(x.sa, y.sa));
  const onlyA = A.filter((s) => !usedA.has(s._i)).sort(cmpLoc);
  const onlyB = B.filter((s) => !usedB.has(s._i)).sort(cmpLoc);
  const onTrap = (site, inv) => asArray(inv.traps).find((t) => t.file === site.file && t.line === site.line);
  const conflicts = [
    ...A.map((s) => ({ site: s, rater: 'A', trap: onTrap(s, invB) })),
    ...B.map((s) => ({ site: s, rater: 'B', trap: onTrap(s, invA) })),
  ].filter((c) => c.trap);
  const pathA = JSON.stringify(asArray(invA.path ?? '.'));
  const pathB = JSON.stringify(asArray(invB.path ?? '.'));
  return {
    a: A.length,
    b: B.length,
    both: matched.length,
    onlyA,
    onlyB,
    matched,
    sameCategory: matched.filter((p) => p.same).length,
    conflicts,
    pathMismatch: pathA === pathB ? null : { a: pathA, b: pathB },
  };
}

const cmpLoc = (x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line);
const ratio = (n, d) => (d === 0 ? '–' : (n / d).toFixed(2));
const num = (n, d) => (d === 0 ? null : Number((n / d).toFixed(4)));
const loc = (s) => `${s.file}:${s.line}`;
const oneLine = (s) => String(s ?? '').replace(/\s+/g, ' ').replace(/\|/g, '/').trim();

function main() {
  const opts = parseArgs(process.argv.slice(2));
  for (const dir of [opts.a, opts.b]) {
    if (!fs.existsSync(dir)) usage(`${dir} does not exist`);
  }
  const names = fs
    .readdirSync(opts.b)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .filter((n) => fs.existsSync(path.join(opts.a, `${n}.json`)))
    .filter((n) => !opts.only || opts.only.has(n))
    .sort();
  if (names.length === 0) usage(`no repository has an inventory in both ${opts.a} and ${opts.b}`);

  const rows = names.map((name) => ({
    name,
    ...compare(readInventory(path.join(opts.a, `${name}.json`)), readInventory(path.join(opts.b, `${name}.json`))),
  }));
  const T = rows.reduce(
    (t, r) => ({
      a: t.a + r.a,
      b: t.b + r.b,
      both: t.both + r.both,
      onlyA: t.onlyA + r.onlyA.length,
      onlyB: t.onlyB + r.onlyB.length,
      same: t.same + r.sameCategory,
      conflicts: t.conflicts + r.conflicts.length,
    }),
    { a: 0, b: 0, both: 0, onlyA: 0, onlyB: 0, same: 0, conflicts: 0 },
  );

  if (opts.json) {
    const strip = (s) => ({ file: s.file, line: s.line, category: s.category, rule: s.rule, note: s.note });
    const out = {
      raterA: path.relative(process.cwd(), opts.a) || '.',
      raterB: path.relative(process.cwd(), opts.b) || '.',
      tolerance: TOLERANCE,
      repositories: rows.map((r) => ({
        name: r.name,
        sitesA: r.a,
        sitesB: r.b,
        both: r.both,
        onlyA: r.onlyA.map(strip),
        onlyB: r.onlyB.map(strip),
        categoryDisagreements: r.matched.filter((p) => !p.same).map((p) => ({ a: strip(p.sa), b: strip(p.sb) })),
        positiveAgreement: num(2 * r.both, r.a + r.b),
        categoryAgreement: num(r.sameCategory, r.both),
        siteOnTrap: r.conflicts.map((c) => ({ rater: c.rater, site: strip(c.site), trapNote: c.trap.note })),
        pathMismatch: r.pathMismatch,
      })),
      total: {
        sitesA: T.a,
        sitesB: T.b,
        both: T.both,
        onlyA: T.onlyA,
        onlyB: T.onlyB,
        positiveAgreement: num(2 * T.both, T.a + T.b),
        categoryAgreement: num(T.same, T.both),
        siteOnTrap: T.conflicts,
      },
    };
    emit(opts, JSON.stringify(out, null, 2) + '\n');
    return;
  }

  const L = [];
  L.push(`Rater A: \`${path.relative(process.cwd(), opts.a) || '.'}\` · Rater B: \`${path.relative(process.cwd(), opts.b) || '.'}\` · sites pair when same file and |Δline| ≤ ${TOLERANCE}, or on an \`alt\` (one-to-one).`);
  L.push('');
  L.push('| repository | sites A | sites B | both | only A | only B | positive agreement | category agreement (matched) | site on other\'s trap |');
  L.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    L.push(
      `| ${r.name} | ${r.a} | ${r.b} | ${r.both} | ${r.onlyA.length} | ${r.onlyB.length} | ${ratio(2 * r.both, r.a + r.b)} | ${ratio(r.sameCategory, r.both)} (${r.sameCategory}/${r.both}) | ${r.conflicts.length} |`,
    );
  }
  L.push(
    `| **total** | **${T.a}** | **${T.b}** | **${T.both}** | **${T.onlyA}** | **${T.onlyB}** | **${ratio(2 * T.both, T.a + T.b)}** | **${ratio(T.same, T.both)}** (${T.same}/${T.both}) | **${T.conflicts}** |`,
  );
  L.push('');
  L.push('Positive agreement = 2·both / (A + B) (Cohen\'s kappa is undefined without agreed negatives). Category agreement is over matched pairs only.');

  if (opts.details) {
    for (const r of rows) {
      const catDiff = r.matched.filter((p) => !p.same);
      if (!r.onlyA.length && !r.onlyB.length && !catDiff.length && !r.conflicts.length && !r.pathMismatch) continue;
      L.push('');
      L.push(`### ${r.name}`);
      if (r.pathMismatch) L.push(`- **scanned paths differ**: A ${r.pathMismatch.a}, B ${r.pathMismatch.b} (file names may not be comparable)`);
      for (const s of r.onlyA) L.push(`- only A: \`${loc(s)}\` ${s.category}${s.rule ? ` (${s.rule})` : ''} — ${oneLine(s.note)}`);
      for (const s of r.onlyB) L.push(`- only B: \`${loc(s)}\` ${s.category}${s.rule ? ` (${s.rule})` : ''} — ${oneLine(s.note)}`);
      for (const p of catDiff)
        L.push(`- category: A \`${loc(p.sa)}\` ${p.sa.category} vs B \`${loc(p.sb)}\` ${p.sb.category} — A: ${oneLine(p.sa.note)} / B: ${oneLine(p.sb.note)}`);
      for (const c of r.conflicts)
        L.push(`- site on trap: ${c.rater} site \`${loc(c.site)}\` ${c.site.category} is a trap for ${c.rater === 'A' ? 'B' : 'A'} (${oneLine(c.trap.note)})`);
    }
  }
  emit(opts, L.join('\n') + '\n');
}

function emit(opts, text) {
  if (opts.out) fs.writeFileSync(opts.out, text);
  else process.stdout.write(text);
}

main();
