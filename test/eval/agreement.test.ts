import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCoverage, compare, tally, undoAdjudication, type Adjudication, type Inventory } from '../../eval/agreement-lib.mjs';

const evalDir = path.resolve(__dirname, '../../eval');

// The first rating as written, the second rating, and an adjudication that touches every kind of decision.
const firstAsWritten: Inventory = {
  sites: [
    { file: 'a.ts', line: 10, category: 'session-transport', note: 'registry' },
    { file: 'a.ts', line: 20, category: 'session-state', note: 'only the first rater: dropped' },
    { file: 'a.ts', line: 40, category: 'session-state', note: 'only the first rater: kept' },
    { file: 'b.ts', line: 5, category: 'session-transport', rule: 'session-transport/transport-registry', note: 'recategorised' },
  ],
  traps: [{ file: 'c.ts', line: 8, note: 'first rater: a trap' }],
  confirmed: [{ file: 'c.ts', line: 9, category: 'session-state', note: 'found after a scan' }],
};
const second: Inventory = {
  sites: [
    { file: 'a.ts', line: 11, category: 'session-transport', note: 'registry' },
    { file: 'a.ts', line: 60, category: 'handshake', note: 'only the second rater: merged into 10' },
    { file: 'a.ts', line: 90, category: 'server-push', note: 'only the second rater: rejected' },
    { file: 'b.ts', line: 5, category: 'session-state', note: 'other category' },
    { file: 'c.ts', line: 8, category: 'session-state', note: 'only the second rater: added (the first rater had a trap here)' },
  ],
};
const added = { file: 'c.ts', line: 8, category: 'session-state', note: 'only the second rater: added [added by adjudication]', difficulty: 'med' };
const adjudication: Adjudication = {
  repo: 'x/y',
  decisions: [
    { disagreement: 'only-first', site: firstAsWritten.sites[1], index: 1, decision: 'drop', reason: 'r' },
    { disagreement: 'only-first', site: firstAsWritten.sites[2], decision: 'keep', reason: 'r' },
    { disagreement: 'only-second', site: second.sites[1], decision: 'merge', mergedInto: { file: 'a.ts', line: 10 }, addedAlt: 60, reason: 'r' },
    { disagreement: 'only-second', site: second.sites[2], decision: 'reject', reason: 'r' },
    {
      disagreement: 'only-second',
      site: added,
      decision: 'add',
      removedTrap: firstAsWritten.traps![0],
      removedConfirmed: firstAsWritten.confirmed![0],
      reason: 'r',
    },
    {
      disagreement: 'category',
      first: firstAsWritten.sites[3],
      second: second.sites[3],
      decision: 'second-category',
      from: { category: 'session-transport', rule: 'session-transport/transport-registry' },
      reason: 'r',
    },
  ],
};
// The adjudicated inventory those decisions produce.
const adjudicated: Inventory = {
  sites: [
    { file: 'a.ts', line: 10, category: 'session-transport', alt: [60], note: 'registry' },
    { file: 'a.ts', line: 40, category: 'session-state', note: 'only the first rater: kept' },
    { file: 'b.ts', line: 5, category: 'session-state', note: 'recategorised' },
    added,
  ],
  traps: [],
  confirmed: [],
};

describe('undoAdjudication', () => {
  it('rebuilds the first rating as written from the adjudicated inventory and the record', () => {
    const before = undoAdjudication(adjudicated, adjudication);
    expect(before.sites).toEqual([
      { file: 'a.ts', line: 10, category: 'session-transport', alt: [], note: 'registry' },
      ...firstAsWritten.sites.slice(1),
    ]);
    expect(before.traps).toEqual(firstAsWritten.traps);
    expect(before.confirmed).toEqual(firstAsWritten.confirmed);
    expect(adjudicated.sites).toHaveLength(4); // the input is not modified
  });

  it('refuses a record that does not match the inventory', () => {
    const stray = { ...adjudication, decisions: [{ ...adjudication.decisions[4], site: { ...added, line: 99 } }] };
    expect(() => undoAdjudication(adjudicated, stray)).toThrow(/added site c\.ts:99/);
  });
});

describe('checkCoverage', () => {
  const before = compare(firstAsWritten, second);

  it('finds a decision for every disagreement of the first rating', () => {
    expect(before.onlyA).toHaveLength(2);
    expect(before.onlyB).toHaveLength(3);
    expect(checkCoverage(before, adjudication)).toEqual({ unadjudicated: [], stale: [] });
    expect(tally(adjudication)).toMatchObject({ added: 1, dropped: 1, kept: 1, rejected: 1, merged: 1, recategorised: 1 });
  });

  it('reports disagreements without a decision and decisions without a disagreement', () => {
    const partial = { ...adjudication, decisions: adjudication.decisions.filter((d) => d.decision !== 'reject') };
    const stale = { ...adjudication, decisions: [...adjudication.decisions, { ...adjudication.decisions[1], site: { ...firstAsWritten.sites[2], line: 77 } }] };
    expect(checkCoverage(before, partial).unadjudicated.map((o) => `${o.kind} ${o.site.line}`)).toEqual(['only-second 90']);
    expect(checkCoverage(before, stale).stale.map((d) => d.site?.line)).toEqual([77]);
  });
});

// The committed record: every repository's disagreements decided, each decision with a reason, and the
// inventory in eval/inventory exactly what the record says adjudication made of the first rating.
describe('eval/adjudication', () => {
  const names = fs.readdirSync(path.join(evalDir, 'adjudication')).filter((f) => f.endsWith('.json'));
  const read = (dir: string, f: string) => JSON.parse(fs.readFileSync(path.join(evalDir, dir, f), 'utf8'));

  it('covers every repository with both ratings that has a disagreement', () => {
    const both = fs.readdirSync(path.join(evalDir, 'second-rater')).filter((f) => fs.existsSync(path.join(evalDir, 'inventory', f)));
    const open = both.filter((f) => !names.includes(f)).filter((f) => {
      const c = compare(read('inventory', f), read('second-rater', f));
      return c.onlyA.length + c.onlyB.length + c.matched.filter((p) => !p.same).length > 0;
    });
    expect(open).toEqual([]);
  });

  it.each(names)('%s: every disagreement of the first rating has exactly one reasoned decision', (f) => {
    const adj: Adjudication = read('adjudication', f);
    const before = compare(undoAdjudication(read('inventory', f), adj), read('second-rater', f));
    expect(checkCoverage(before, adj)).toEqual({ unadjudicated: [], stale: [] });
    for (const d of adj.decisions) expect(d.reason.length, JSON.stringify(d.site ?? d.first)).toBeGreaterThan(20);
  });
});
