// Pure helpers of eval/agreement.mjs (tested by test/eval/agreement.test.ts): pairing two raters' sites, and
// reading the adjudication record (undoing it to get the first rating as written, checking that it covers
// every disagreement). Plain Node >= 20, no dependencies.

export const TOLERANCE = 3;

export const asArray = (x) => (x === undefined || x === null ? [] : Array.isArray(x) ? x : [x]);

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

export function compare(invA, invB) {
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

// ---------------------------------------------------------------------------
// adjudication record: undo it to get the first rating as written, and check it covers every disagreement

const sameLoc = (x, y) => x.file === y.file && x.line === y.line;

/** The first rater's inventory as written: the adjudicated inventory with every recorded decision undone. */
export function undoAdjudication(inv, adj) {
  const before = structuredClone(inv);
  before.traps = asArray(before.traps);
  before.confirmed = asArray(before.confirmed);
  const drops = [];
  for (const d of adj.decisions) {
    if (d.decision === 'add') {
      const i = before.sites.findIndex((s) => sameLoc(s, d.site) && s.category === d.site.category && s.note === d.site.note);
      if (i < 0) throw new Error(`${adj.repo}: added site ${loc(d.site)} is not in the inventory`);
      before.sites.splice(i, 1);
      if (d.removedTrap) before.traps.push(d.removedTrap);
      if (d.removedConfirmed) before.confirmed.push(d.removedConfirmed);
    } else if (d.decision === 'drop') {
      drops.push(d);
    } else if (d.decision === 'merge') {
      const target = before.sites.find((s) => sameLoc(s, d.mergedInto));
      const alt = asArray(target?.alt);
      const i = alt.findLastIndex((a) => JSON.stringify(a) === JSON.stringify(d.addedAlt));
      if (i < 0) throw new Error(`${adj.repo}: merged alt ${JSON.stringify(d.addedAlt)} is not on ${loc(d.mergedInto)}`);
      target.alt = alt.filter((_, k) => k !== i);
    } else if (d.decision === 'second-category') {
      const site = before.sites.find((s) => sameLoc(s, d.first) && s.category === d.second.category);
      if (!site) throw new Error(`${adj.repo}: recategorised site ${loc(d.first)} is not in the inventory`);
      site.category = d.from.category;
      if (d.from.rule) site.rule = d.from.rule;
      else delete site.rule;
    }
  }
  // dropped sites go back where they were, lowest index first (pairing breaks ties by index)
  for (const d of drops.sort((x, y) => (x.index ?? Infinity) - (y.index ?? Infinity))) {
    before.sites.splice(Math.min(d.index ?? before.sites.length, before.sites.length), 0, d.site);
  }
  return before;
}

const DECISIONS_FOR = {
  'only-first': ['keep', 'drop'],
  'only-second': ['add', 'reject', 'merge'],
  category: ['first-category', 'second-category'],
};

/** Disagreements of the first rating that no decision covers, and decisions that match no disagreement. */
export function checkCoverage(cmpBefore, adj) {
  const open = [
    ...cmpBefore.onlyA.map((site) => ({ kind: 'only-first', site })),
    ...cmpBefore.onlyB.map((site) => ({ kind: 'only-second', site })),
    ...cmpBefore.matched.filter((p) => !p.same).map((p) => ({ kind: 'category', site: p.sa })),
  ];
  const decisions = adj ? adj.decisions.map((d) => ({ d, used: false })) : [];
  const unadjudicated = [];
  for (const o of open) {
    const hit = decisions.find(
      ({ d, used }) => !used && d.disagreement === o.kind && DECISIONS_FOR[o.kind].includes(d.decision) && sameLoc(d.site ?? d.first, o.site),
    );
    if (hit) hit.used = true;
    else unadjudicated.push(o);
  }
  return { unadjudicated, stale: decisions.filter((x) => !x.used).map((x) => x.d) };
}

/** The decision recorded for a site still in disagreement after adjudication (kept, rejected or merged). */
export function findDecision(decisions, site) {
  return decisions.find((d) => ['keep', 'reject', 'merge'].includes(d.decision) && sameLoc(d.site, site));
}

export function tally(adj) {
  const t = { added: 0, dropped: 0, kept: 0, rejected: 0, merged: 0, recategorised: 0, decisions: 0 };
  for (const d of adj?.decisions ?? []) {
    t.decisions++;
    if (d.decision === 'add') t.added++;
    else if (d.decision === 'drop') t.dropped++;
    else if (d.decision === 'keep') t.kept++;
    else if (d.decision === 'reject') t.rejected++;
    else if (d.decision === 'merge') t.merged++;
    else if (d.decision === 'second-category') t.recategorised++;
  }
  return t;
}

const cmpLoc = (x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line);
export const loc = (s) => `${s.file}:${s.line}`;
