// Pure helpers of eval/apply-score.mjs (no I/O), apart so test/eval/apply-lines.test.ts can check them:
// where a line of the original file is after apply, which findings apply resolved, which type errors are new,
// and code with its comments blanked for the hand-migration patterns.
import { resolve } from 'node:path';

// A marker is the comment apply (or the official codemod it runs) leaves where a person must act.
export const MARKER = /@mcp-migrate-todo\(([^)]*)\)|@mcp-codemod-error/;
// Window, in lines of the migrated file, around a finding's mapped site (README: "Scoring apply").
const MARKER_ABOVE = 3;
const MARKER_BELOW = 1;
const FINDING_SLACK = 2;

/** Errors of `after` that `before` does not have (matched by file, code and message: lines move). */
export function newTypeErrors(before, after) {
  const pool = new Map();
  for (const e of before?.list ?? []) {
    const key = `${e.file}|${e.code}|${e.message}`;
    pool.set(key, (pool.get(key) ?? 0) + 1);
  }
  const fresh = [];
  for (const e of after?.list ?? []) {
    const key = `${e.file}|${e.code}|${e.message}`;
    if (pool.get(key)) pool.set(key, pool.get(key) - 1);
    else fresh.push(`${e.file}:${e.line} ${e.code} ${e.message}`.slice(0, 240));
  }
  return fresh;
}

/**
 * Parse `git diff -U0` into, per file (absolute path), its hunks and the marker lines the diff adds.
 * A hunk `@@ -a,b +c,d @@` replaces old lines a..a+b-1 by new lines c..c+d-1 (b = 0: insert after old line a).
 */
export function parseDiff(diffText, repoRoot) {
  const files = new Map();
  let current;
  let oldPath;
  let inHeader = false;
  let newLine = 0;
  for (const line of diffText.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = undefined;
      inHeader = true;
      continue;
    }
    if (inHeader && line.startsWith('--- ')) {
      oldPath = line.slice(4);
      continue;
    }
    if (inHeader && line.startsWith('+++ ')) {
      const newPath = line.slice(4);
      const deleted = newPath === '/dev/null';
      const path = (deleted ? oldPath : newPath).replace(/^[ab]\//, '');
      files.set(resolve(repoRoot, path), (current = { deleted, hunks: [], markers: [] }));
      continue;
    }
    const hunk = line.match(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/);
    if (hunk && current) {
      const h = { a: +hunk[1], b: hunk[2] === undefined ? 1 : +hunk[2], c: +hunk[3], d: hunk[4] === undefined ? 1 : +hunk[4] };
      current.hunks.push(h);
      newLine = h.c;
      inHeader = false;
      continue;
    }
    if (!current) continue;
    if (line.startsWith('+')) {
      const m = line.match(MARKER);
      if (m) current.markers.push({ line: newLine, rule: m[1] ?? 'codemod-error' });
      newLine++;
    }
  }
  return files;
}

/** Where an old line of a changed file is in the new file: [start, end] (inclusive). */
export function mapLine(fileDiff, oldLine) {
  let shift = 0;
  for (const h of fileDiff?.hunks ?? []) {
    const oldEnd = h.b === 0 ? h.a : h.a + h.b - 1;
    if (h.b === 0 ? oldLine <= h.a : oldLine < h.a) break;
    if (h.b > 0 && oldLine <= oldEnd) return h.d === 0 ? [h.c, h.c + 1] : [h.c, h.c + h.d - 1];
    shift += h.d - h.b;
  }
  return [oldLine + shift, oldLine + shift];
}

/**
 * Where a changed file's line went, by its content: the one line of the migrated text that reads the same (spaces
 * aside) when the original has that text only once too. A diff places a line that moved past another (apply took a
 * call out of the callback below it) on one side of that other line only, and so maps it to the wrong place; the
 * line's own text says where it is. Undefined for a blank or punctuation-only line, an unchanged file, or text that
 * is not unique on both sides: then the diff decides (`mapLine`).
 */
export function anchoredLine(text, line) {
  if (!text || text.before === text.after) return undefined;
  const norm = (l) => l.replace(/\s+/g, ' ').trim();
  const old = text.before.split('\n').map(norm);
  const wanted = old[line - 1];
  if (!wanted || !/[A-Za-z0-9_$]{3}/.test(wanted) || old.indexOf(wanted) !== old.lastIndexOf(wanted)) return undefined;
  const fresh = text.after.split('\n').map(norm);
  const at = fresh.indexOf(wanted);
  return at >= 0 && at === fresh.lastIndexOf(wanted) ? at + 1 : undefined;
}

/**
 * Each gate finding of the scan before apply is `rewritten` (its mapped site has neither a marker apply added
 * nor a finding of the same category after apply), `marked` (a marker apply added is at the site) or `left`
 * (a finding of its category is still at the site, with no marker). Findings after apply pair with findings
 * before one to one, closest first, so one remaining finding never keeps two neighbours unresolved; the
 * findings after apply that pair with none are `introduced`.
 */
export function classifyFindings(before, after, diff, texts) {
  const sites = before.map((f) => {
    const fileDiff = diff.get(f.abs);
    if (fileDiff?.deleted) return { finding: f, deleted: true };
    const moved = anchoredLine(texts?.get(f.abs), f.line);
    const byDiff = mapLine(fileDiff, f.line);
    // Where the diff puts it is still looked at for a marker: a copy of the line elsewhere must not carry the site away
    // from the marker at its place (review 41 S41-10).
    return { finding: f, mapped: moved ? [moved, moved] : byDiff, byDiff: moved ? byDiff : undefined, markers: fileDiff?.markers ?? [] };
  });
  const gap = (line, [s, e]) => (line < s ? s - line : line > e ? line - e : 0);
  // A marker in a site's window marks it when it names the site's rule, or when no other site of the file is
  // nearer to it: a marker above one statement does not mark the rewritten statement below.
  const markerAt = (site, mapped) =>
    site.markers.find((m) => {
      const [s, e] = mapped;
      if (m.line < s - MARKER_ABOVE || m.line > e + MARKER_BELOW) return false;
      if (m.rule === site.finding.ruleId) return true;
      const own = gap(m.line, mapped);
      // A site of the rule the marker names, as near as this one, is the one it marks (one hunk that replaced both).
      return sites.every((other) => other.deleted || other.finding.abs !== site.finding.abs || (other.finding.ruleId === m.rule ? gap(m.line, other.mapped) > own : gap(m.line, other.mapped) >= own));
    });
  const markerOf = (site) => markerAt(site, site.mapped) ?? (site.byDiff ? markerAt(site, site.byDiff) : undefined);
  // A marker scan reports in place of findings (`replaces`: one decision for a kept HTTP+SSE endpoint, or a
  // long marked statement) marks each of them, however far below the marker it lies (`r.abs`: a finding of
  // another file, the routes handing the endpoint's handler on).
  const standsIn = (g, site) =>
    !!g.replaces?.some((r) => (r.abs ?? g.abs) === site.finding.abs && r.ruleId === site.finding.ruleId && gap(r.line, site.mapped) <= FINDING_SLACK);
  const explained = new Set();
  for (const site of sites) {
    if (site.deleted) continue;
    site.marker = markerOf(site);
    const marker = !site.marker && after.find((g) => standsIn(g, site));
    if (marker) site.marker = { line: marker.line, rule: marker.ruleId };
  }
  // A marker reported in place of sites from before (its statement starts lines above the finding) is
  // those sites, reported once: not a new finding.
  after.forEach((g, j) => {
    if (sites.some((site) => !site.deleted && standsIn(g, site))) explained.add(j);
  });
  const candidates = [];
  sites.forEach((site, i) => {
    if (site.deleted) return;
    after.forEach((g, j) => {
      if (g.abs !== site.finding.abs || g.category !== site.finding.category) return;
      // Near where its text went, or where the diff puts it (a copy of the line elsewhere must not hide what is left).
      const distance = Math.min(gap(g.line, site.mapped), site.byDiff ? gap(g.line, site.byDiff) : Infinity);
      if (distance <= FINDING_SLACK) candidates.push({ i, j, distance });
    });
  });
  candidates.sort((x, y) => x.distance - y.distance || x.i - y.i || x.j - y.j);
  const keptBy = new Map();
  for (const { i, j } of candidates) {
    if (keptBy.has(i) || explained.has(j)) continue;
    keptBy.set(i, j);
    explained.add(j);
  }
  const verdicts = sites.map((site, i) => {
    const verdict = site.marker ? 'marked' : keptBy.has(i) ? 'left' : 'rewritten';
    return { ...site.finding, verdict, mapped: site.mapped, marker: site.marker?.rule };
  });
  return { verdicts, introduced: after.filter((_, j) => !explained.has(j)) };
}

/**
 * The text with every comment blanked (newlines kept, so line numbers hold): a pattern is about code, and a
 * marker that names `createMcpHandler(...)` in its advice is not the call. Strings and template literals are
 * skipped whole, so a slash-star inside a glob string does not open a comment.
 */
export function blankComments(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c && (c === '`' || text[j] !== '\n')) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * The verdict on each change of a hand migration (eval/apply-hand-migrations.json): `made` when every `made`
 * pattern holds, else `wrong` when every `wrong` pattern holds, else `marked` when every `marked` pattern holds,
 * else `missed`. `tree.code(file)` is the file's code after apply with comments blanked (undefined when absent);
 * `tree.markers(file)` the markers apply added to it ({ line, rule }).
 */
export function judgeChanges(changes, tree) {
  const holds = (p) => {
    const code = tree.code(p.file);
    if (p.contains !== undefined) return code !== undefined && new RegExp(p.contains, 'm').test(code);
    if (p.lacks !== undefined) return code === undefined || !new RegExp(p.lacks, 'm').test(code);
    if (p.marker !== undefined) {
      const markers = tree.markers(p.file).filter((m) => p.marker === '*' || m.rule.startsWith(p.marker));
      if (!p.near) return markers.length > 0;
      const near = new RegExp(p.near);
      const sites = (code ?? '').split('\n').flatMap((l, i) => (near.test(l) ? [i + 1] : []));
      return markers.some((m) => sites.some((s) => Math.abs(s - m.line) <= (p.within ?? 5)));
    }
    throw new Error(`pattern without contains/lacks/marker: ${JSON.stringify(p)}`);
  };
  const all = (patterns) => patterns?.length > 0 && patterns.every(holds);
  return changes.map((c) => {
    const verdict = all(c.made) ? 'made' : all(c.wrong) ? 'wrong' : all(c.marked) ? 'marked' : 'missed';
    return { id: c.id, file: c.file, serving: !!c.serving, required: c.required !== false, what: c.what, verdict };
  });
}

/**
 * The packages an install could not download because the registry answered 404 (`ERR_PNPM_FETCH_404 GET
 * https://registry.npmjs.org/@apify/mcpc/-/mcpc-0.6.0.tgz`, npm's `404 Not Found - GET …/vitest-evals`): the
 * registry this machine reaches lacks some published versions (@apify/mcpc has 0.2.6 only, vitest-evals
 * 0.12+, @braintrust/api 0.1.1; a 404 on the tarball, or "No matching version" from its metadata), so a workspace whose eval or test package pins one cannot install at all.
 */
export function notFoundPackages(log) {
  const names = new Set();
  for (const m of log.matchAll(/(?:ERR_PNPM_FETCH_404\s+GET|404 Not Found - GET)\s+https?:\/\/[^/\s]+\/((?:@[^/\s]+\/)?[^/\s:]+)/g)) {
    names.add(decodeURIComponent(m[1]));
  }
  // The registry's metadata lacks the version a range asks for (no lockfile entry to fetch directly).
  for (const m of log.matchAll(/No matching version found for ((?:@[^/\s]+\/)?[^@\s]+)@/g)) names.add(m[1]);
  return [...names];
}
