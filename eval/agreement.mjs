#!/usr/bin/env node
// Inter-rater agreement between two sets of hand-written inventories.
//
//   node eval/agreement.mjs                       # Markdown table on stdout
//   node eval/agreement.mjs --details             # + every disagreement
//   node eval/agreement.mjs --json                # machine-readable
//   node eval/agreement.mjs --a eval/inventory --b eval/second-rater --only upstash__context7
//   node eval/agreement.mjs --adjudication none   # compare the two directories as they are, no before/after
//
// Rater A defaults to eval/inventory (the adjudicated two-rater consensus), rater B to eval/second-rater
// (the blind second rating, never edited). Every repository that has a file in both directories is compared.
//
// Adjudication. eval/adjudication/<name>.json records, for every disagreement of the first rater's inventory
// as written with the second rater, the decision taken when the inventory was adjudicated (keep or drop a
// site only the first rater had; add, reject or merge — as an alt of an existing site — a site only the second
// rater had; which rater's category stands) and why. The inventory in eval/inventory is the result. From the
// record this script rebuilds the first rater's inventory as written (undoing each decision), so it reports
// agreement before adjudication, agreement after it, how many sites adjudication added and dropped, and any
// disagreement of the first rating that has no decision (unadjudicated) or decision that matches none (stale).
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
import { TOLERANCE, asArray, checkCoverage, compare, findDecision, loc, tally, undoAdjudication } from './agreement-lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const opts = {
    a: path.join(here, 'inventory'),
    b: path.join(here, 'second-rater'),
    adjudication: path.join(here, 'adjudication'),
    details: false,
    json: false,
    only: null,
    out: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--a') opts.a = path.resolve(next());
    else if (arg === '--b') opts.b = path.resolve(next());
    else if (arg === '--adjudication') {
      const dir = next();
      opts.adjudication = dir === 'none' ? null : path.resolve(dir);
    }
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
  process.stderr.write(
    'usage: node eval/agreement.mjs [--a DIR] [--b DIR] [--adjudication DIR|none] [--only name,name] [--details] [--json] [--out FILE]\n',
  );
  process.exit(msg ? 2 : 0);
}

function readInventory(file) {
  const inv = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(inv.sites)) throw new Error(`${file}: no "sites" array`);
  return inv;
}

const ratio = (n, d) => (d === 0 ? '–' : (n / d).toFixed(2));
const num = (n, d) => (d === 0 ? null : Number((n / d).toFixed(4)));
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

  const rows = names.map((name) => {
    const invA = readInventory(path.join(opts.a, `${name}.json`));
    const invB = readInventory(path.join(opts.b, `${name}.json`));
    const adjFile = opts.adjudication && path.join(opts.adjudication, `${name}.json`);
    const adj = adjFile && fs.existsSync(adjFile) ? JSON.parse(fs.readFileSync(adjFile, 'utf8')) : null;
    const before = opts.adjudication ? compare(adj ? undoAdjudication(invA, adj) : invA, invB) : null;
    return {
      name,
      ...compare(invA, invB),
      adjudication: before && { before, decisions: adj?.decisions ?? [], ...checkCoverage(before, adj), tally: tally(adj) },
    };
  });
  const sumAdj = (pick) => rows.reduce((n, r) => n + (r.adjudication ? pick(r.adjudication) : 0), 0);
  const TA = opts.adjudication && {
    a: sumAdj((x) => x.before.a),
    b: sumAdj((x) => x.before.b),
    both: sumAdj((x) => x.before.both),
    onlyA: sumAdj((x) => x.before.onlyA.length),
    onlyB: sumAdj((x) => x.before.onlyB.length),
    same: sumAdj((x) => x.before.sameCategory),
    unadjudicated: sumAdj((x) => x.unadjudicated.length),
    stale: sumAdj((x) => x.stale.length),
    ...Object.fromEntries(['added', 'dropped', 'kept', 'rejected', 'merged', 'recategorised', 'decisions'].map((k) => [k, sumAdj((x) => x.tally[k])])),
  };
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
        adjudication: r.adjudication && {
          before: {
            sitesA: r.adjudication.before.a,
            both: r.adjudication.before.both,
            onlyA: r.adjudication.before.onlyA.length,
            onlyB: r.adjudication.before.onlyB.length,
            positiveAgreement: num(2 * r.adjudication.before.both, r.adjudication.before.a + r.adjudication.before.b),
            categoryAgreement: num(r.adjudication.before.sameCategory, r.adjudication.before.both),
          },
          ...r.adjudication.tally,
          unadjudicated: r.adjudication.unadjudicated.map((o) => ({ kind: o.kind, ...strip(o.site) })),
          stale: r.adjudication.stale.map((d) => ({ disagreement: d.disagreement, decision: d.decision, ...strip(d.site ?? d.first) })),
        },
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
      adjudication: TA && {
        before: {
          sitesA: TA.a,
          both: TA.both,
          onlyA: TA.onlyA,
          onlyB: TA.onlyB,
          positiveAgreement: num(2 * TA.both, TA.a + TA.b),
          categoryAgreement: num(TA.same, TA.both),
        },
        added: TA.added,
        dropped: TA.dropped,
        kept: TA.kept,
        rejected: TA.rejected,
        merged: TA.merged,
        recategorised: TA.recategorised,
        decisions: TA.decisions,
        unadjudicated: TA.unadjudicated,
        stale: TA.stale,
      },
    };
    emit(opts, JSON.stringify(out, null, 2) + '\n');
    return;
  }

  const L = [];
  L.push(`Rater A: \`${path.relative(process.cwd(), opts.a) || '.'}\` · Rater B: \`${path.relative(process.cwd(), opts.b) || '.'}\` · sites pair when same file and |Δline| ≤ ${TOLERANCE}, or on an \`alt\` (one-to-one).`);
  L.push('');
  if (TA) {
    L.push(`### Adjudication (\`${path.relative(process.cwd(), opts.adjudication) || '.'}\`)`);
    L.push('');
    L.push(
      'Before = the first rater\'s inventory as written (rebuilt by undoing the recorded decisions) against the second rater; after = the adjudicated inventory against the same second rater. Sites only one rater had that adjudication kept (first rater) or rejected or merged into an existing site as an `alt` (second rater) stay disagreements after it, by design: the second rating is never edited.',
    );
    L.push('');
    L.push('| repository | agreement before | agreement after | sites A before → after | added | dropped | kept | rejected | merged | recategorised | unadjudicated |');
    L.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) {
      const x = r.adjudication;
      L.push(
        `| ${r.name} | ${ratio(2 * x.before.both, x.before.a + x.before.b)} | ${ratio(2 * r.both, r.a + r.b)} | ${x.before.a} → ${r.a} | ${x.tally.added} | ${x.tally.dropped} | ${x.tally.kept} | ${x.tally.rejected} | ${x.tally.merged} | ${x.tally.recategorised} | ${x.unadjudicated.length}${x.stale.length ? ` (+${x.stale.length} stale)` : ''} |`,
      );
    }
    L.push(
      `| **total** | **${ratio(2 * TA.both, TA.a + TA.b)}** (${TA.both} both, ${TA.onlyA} only A, ${TA.onlyB} only B) | **${ratio(2 * T.both, T.a + T.b)}** | **${TA.a} → ${T.a}** | **${TA.added}** | **${TA.dropped}** | **${TA.kept}** | **${TA.rejected}** | **${TA.merged}** | **${TA.recategorised}** | **${TA.unadjudicated}**${TA.stale ? ` (+${TA.stale} stale)` : ''} |`,
    );
    L.push('');
    L.push(`Category agreement before: ${ratio(TA.same, TA.both)} (${TA.same}/${TA.both}). Unadjudicated = disagreements of the first rating with no recorded decision; stale = decisions matching no disagreement.`);
    L.push('');
    L.push('### After adjudication');
    L.push('');
  }
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
      const open = (r.adjudication?.unadjudicated.length ?? 0) + (r.adjudication?.stale.length ?? 0);
      if (!r.onlyA.length && !r.onlyB.length && !catDiff.length && !r.conflicts.length && !r.pathMismatch && !open) continue;
      L.push('');
      L.push(`### ${r.name}`);
      if (r.pathMismatch) L.push(`- **scanned paths differ**: A ${r.pathMismatch.a}, B ${r.pathMismatch.b} (file names may not be comparable)`);
      const why = (site) => {
        const d = r.adjudication && findDecision(r.adjudication.decisions, site);
        return d ? ` **[${d.decision}${d.guideline ? ` ${d.guideline}` : ''}: ${oneLine(d.reason)}]**` : '';
      };
      for (const s of r.onlyA) L.push(`- only A: \`${loc(s)}\` ${s.category}${s.rule ? ` (${s.rule})` : ''} — ${oneLine(s.note)}${why(s)}`);
      for (const s of r.onlyB) L.push(`- only B: \`${loc(s)}\` ${s.category}${s.rule ? ` (${s.rule})` : ''} — ${oneLine(s.note)}${why(s)}`);
      for (const o of r.adjudication?.unadjudicated ?? []) L.push(`- **unadjudicated** ${o.kind}: \`${loc(o.site)}\` ${o.site.category} — ${oneLine(o.site.note)}`);
      for (const d of r.adjudication?.stale ?? []) L.push(`- **stale decision** ${d.decision} on \`${loc(d.site ?? d.first)}\` (no such disagreement in the first rating)`);
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
