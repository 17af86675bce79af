import { REWRITTEN_BY_APPLY } from '../../src/fix-status.js';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/model.js';
import { CATEGORY_GUIDE } from '../../src/reporters/category-guide.js';
import type { RenderOptions } from '../../src/reporters/index.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { EMPTY_REPORT, SAMPLE_REPORT, SAMPLE_RULES, makeFinding, makeReport } from '../support/sample-report.js';

const options: RenderOptions = { rules: SAMPLE_RULES, color: true, failOn: 'error' };
const md = renderMarkdown(SAMPLE_REPORT, options);

/** Cells of a GFM table row: split on pipes that are not backslash-escaped. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

function rowsOf(markdown: string, firstCell: string): string[][] {
  return markdown
    .split('\n')
    .filter((l) => l.startsWith('| '))
    .map(cells)
    .filter((c) => c[0] === firstCell);
}

describe('markdown reporter: structure', () => {
  it('starts with a title and the verdict, which follows --fail-on', () => {
    const [title, , verdictLine] = md.split('\n');
    expect(title).toBe('# MCP 2026-07-28 readiness report');
    expect(verdictLine).toBe('**✖ 7 findings block 2026-07-28 readiness (7 errors); 2 warnings, 1 info below --fail-on error; findings may be incomplete: 1 file with syntax errors analysed only as far as it parses**');
    expect(renderMarkdown(SAMPLE_REPORT, { ...options, failOn: 'none' })).toContain('**⚠ 10 findings to review');
    expect(renderMarkdown(EMPTY_REPORT, options)).toContain(
      '**✔ No reliance on sessions, the handshake or deprecated features found**',
    );
  });

  it('says what was scanned', () => {
    expect(md).toContain('`mcp-migrate scan` 0.1.0 on `.`: 42 files scanned, 9 analyzed, 10 findings, 2 baselined findings not shown.');
  });

  it('has a category × severity summary table with a row for every category and a total', () => {
    const header = md.split('\n').find((l) => l.startsWith('| Category'));
    expect(cells(header!)).toEqual(['Category', 'Errors', 'Warnings', 'Info', 'Total']);
    const row = (category: string) => rowsOf(md, `\`${category}\``)[0];
    expect(row('session-transport')).toEqual(['`session-transport`', '3', '0', '0', '3']);
    expect(row('session-state')).toEqual(['`session-state`', '2', '1', '0', '3']);
    expect(row('handle-hygiene')).toEqual(['`handle-hygiene`', '0', '0', '1', '1']);
    expect(rowsOf(md, '**Total**')[0]).toEqual(['**Total**', '**7**', '**2**', '**1**', '**10**']);
    for (const category of CATEGORIES) expect(row(category)).toBeDefined();
  });

  it('has a section per category with findings, in catalogue order, with its meaning and migration text', () => {
    const headings = md.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toEqual([
      '## Summary',
      '## Sessionful transport setup and routing (`session-transport`): 3 findings',
      '## State and identity keyed by the session (`session-state`): 3 findings',
      '## Reliance on the initialize handshake (`handshake`): 1 finding',
      '## Roots, sampling and logging (`deprecated-feature`): 1 finding',
      '## Server-to-client requests and notifications (`server-push`): 1 finding',
      '## Weak state handles (`handle-hygiene`): 1 finding',
      '## Files skipped or only partly analysed',
    ]);
    for (const category of CATEGORIES) {
      expect(md).toContain(CATEGORY_GUIDE[category].meaning);
      expect(md).toContain(`**How to migrate:** ${CATEGORY_GUIDE[category].migration}`);
    }
  });

  it('leaves out sections for categories without findings', () => {
    const onlyPing = makeReport([makeFinding({ ruleId: 'server-push/ping', category: 'server-push', file: 'a.ts', line: 1, column: 1, message: 'm' })]);
    const out = renderMarkdown(onlyPing, options);
    expect(out).toContain(CATEGORY_GUIDE['server-push'].meaning);
    expect(out).not.toContain(CATEGORY_GUIDE['session-state'].meaning);
    expect(out).not.toContain('## Files skipped');
  });

  it('groups findings by rule and message: one heading with rule link, severity, honest fix and site count, the message once, then the sites', () => {
    const header = md.split('\n').find((l) => l.includes('[session-transport/session-header]'))!;
    // stateless-serving rewrites session-header (transforms/catalog.ts), so the fix is claimed.
    expect(header).toBe('### [session-transport/session-header](docs/rules/session-transport/session-header.md) · error · fix: auto · 1 site');
    expect(md).toContain('Reads the `Mcp-Session-Id` header; 2026-07-28 servers ignore it and never mint or echo one.');
    expect(rowsOf(md, '`src/server.ts:24`')).toHaveLength(1);
    // Every finding is a site row, under exactly one heading.
    const siteRows = md.slice(0, md.indexOf('## Files skipped')).split('\n').filter((l) => /^\| `[^`]+:\d+` \|/.test(l));
    expect(siteRows).toHaveLength(SAMPLE_REPORT.findings.length);
  });

  it('lists identical messages once with every site and a code excerpt for each', () => {
    const same = { ruleId: 'deprecated-feature/logging', message: 'Sends a log message; logging is gone in 2026-07-28.' };
    const report = makeReport([
      makeFinding({ ...same, file: 'src/a.ts', line: 3, column: 1, snippet: 'server.sendLoggingMessage({ level: "info" })' }),
      makeFinding({ ...same, file: 'src/b.ts', line: 9, column: 5, snippet: 'await server.sendLoggingMessage(x | y)' }),
    ]);
    const out = renderMarkdown(report, options);
    expect(out.split(same.message)).toHaveLength(2);
    expect(out).toContain('· 2 sites');
    expect(rowsOf(out, '`src/a.ts:3`')[0]).toEqual(['`src/a.ts:3`', '`server.sendLoggingMessage({ level: "info" })`']);
    expect(rowsOf(out, '`src/b.ts:9`')[0]).toEqual(['`src/b.ts:9`', '`await server.sendLoggingMessage(x \\| y)`']);
  });

  it('has no summary row for a category without rules or findings', () => {
    const noHygieneRules = { ...options, rules: SAMPLE_RULES.filter((r) => r.category !== 'handle-hygiene') };
    expect(renderMarkdown(EMPTY_REPORT, noHygieneRules)).not.toContain('`handle-hygiene`');
    expect(renderMarkdown(EMPTY_REPORT, options)).toContain('| `handle-hygiene` |');
  });

  it('never says apply rewrites a rule it does not rewrite yet', () => {
    expect(md).toContain('**(planned)**: `apply` does not rewrite this rule yet');
    // Every heading that claims a fix names a rule apply rewrites today; every other one says planned.
    const headings = md.split('\n').filter((line) => /^### .* · fix: /.test(line));
    expect(headings.length).toBeGreaterThan(0);
    for (const heading of headings) {
      const ruleId = /\[([a-z-]+\/[a-z-]+)\]/.exec(heading)![1]!;
      const claims = /fix: (auto|assisted) ·/.test(heading);
      expect(claims, heading).toBe(REWRITTEN_BY_APPLY.has(ruleId));
    }
  });

  it('lists findings in test files and suppressed findings in their own sections', () => {
    const finding = makeFinding({ ruleId: 'server-push/ping', file: 'test/a.test.ts', line: 2, column: 1, message: 'Pings.' });
    const report = makeReport([], {
      testFindings: [{ ...finding, testFile: true }],
      suppressed: [{ ...finding, file: 'src/x.ts', suppressed: { kind: 'disable-next-line', reason: 'keep-alive for | proxies', line: 1 } }],
    });
    const out = renderMarkdown(report, options);
    expect(out).toContain('## In test files: 1 finding, outside the gate');
    expect(out).toContain('## Suppressed: 1 finding');
    expect(out).toContain('0 findings, 1 suppressed, 1 in test files.');
    expect(rowsOf(out, '`src/x.ts:2`')[0]).toEqual(['`src/x.ts:2`', '`server-push/ping`', 'keep-alive for \\| proxies']);
  });

  it('makes doc links absolute under docsBaseUrl, with or without a trailing slash', () => {
    for (const base of ['https://github.com/OWNER/mcp-migrate/blob/main/', 'https://github.com/OWNER/mcp-migrate/blob/main']) {
      const out = renderMarkdown(SAMPLE_REPORT, { ...options, docsBaseUrl: base });
      expect(out).toContain(
        '[session-state/keyed-store](https://github.com/OWNER/mcp-migrate/blob/main/docs/rules/session-state/keyed-store.md)',
      );
      expect(out).not.toMatch(/\]\(docs\//);
    }
  });

  it('lists diagnostics last', () => {
    const tail = md.slice(md.indexOf('## Files skipped or only partly analysed'));
    expect(rowsOf(tail, '`src/legacy/broken.ts:12:9`')[0]).toEqual(['`src/legacy/broken.ts:12:9`', '`parse-error`', "')' expected."]);
    expect(rowsOf(tail, '`assets/bundle.min.js`')[0]?.[1]).toBe('`too-large`');
  });
});

describe('markdown reporter: escaping', () => {
  const nasty = makeReport([
    makeFinding({
      ruleId: 'session-state/keyed-store',
      file: 'src/we|ird`name.ts',
      line: 7,
      column: 1,
      message: 'Store `a|b` of Map<string, Cart> is *keyed* by `sid` | see `` x`y `` and a stray ` here. Reached via: handler | step.',
      chain: ['handler | step'],
      snippet: 'carts.get(a | b)',
    }),
  ]);
  const out = renderMarkdown(nasty, options);
  const row = out.split('\n').find((l) => l.startsWith('| ``src/we'))!;
  const message = out.split('\n').find((l) => l.startsWith('Store'))!;

  it('keeps the site row at two cells whatever the path and code contain', () => {
    expect(cells(row)).toHaveLength(2);
    expect(row).toContain('carts.get(a \\| b)');
  });

  it('fences a path containing a backtick with a longer fence', () => {
    expect(cells(row)[0]).toBe('``src/we\\|ird`name.ts:7``');
  });

  it('keeps balanced code spans, escapes an unmatched backtick and HTML-like or emphasis text', () => {
    expect(message).toContain('`sid`');
    expect(message).toContain('`` x`y ``');
    expect(message).toContain('a stray \\` here');
    expect(message).toContain('Map\\<string, Cart\\>');
    expect(message).toContain('\\*keyed\\*');
  });
});

describe('markdown reporter: cut to fit a pull-request comment (markdownMaxBytes)', () => {
  // 3,000 findings in two categories: about 190 kB in full, far over a 65,536-character comment.
  const many = (ruleId: string, count: number, prefix: string) =>
    Array.from({ length: count }, (_, i) =>
      makeFinding({ ruleId, file: `src/${prefix}-${String(i).padStart(4, '0')}.ts`, line: i + 1, column: 3, message: "Session-keyed state in a handler — réécrire ✓", snippet: `carts.get(extra.sessionId) // ${i}` }),
    );
  const big = makeReport([...many('session-transport/session-header', 2000, 'a'), ...many('deprecated-feature/logging', 1000, 'b')]);
  const limited = renderMarkdown(big, { ...options, markdownMaxBytes: 65_536, fullReportAt: ['mcp-migrate.sarif'] });
  const siteRows = limited.split('\n').filter((l) => /^\| `src\//.test(l));

  it('fits: at most 65,536 bytes (so also characters), and ends with one newline', () => {
    expect(renderMarkdown(big, options).length).toBeGreaterThan(65_536 * 2);
    expect(Buffer.byteLength(limited, 'utf8')).toBeLessThanOrEqual(65_536);
    expect(Buffer.byteLength(limited, 'utf8')).toBeGreaterThan(60_000);
    expect(limited.endsWith('\n')).toBe(true);
    expect(limited.endsWith('\n\n')).toBe(false);
  });

  it('keeps the verdict, the summary table and the grouping, and says how many findings are listed and where the rest is', () => {
    expect(limited).toContain('**✖ 2000 findings block');
    expect(limited).toContain('| **Total** | **2000** | **1000** | **0** | **3000** |');
    expect(limited).toContain('## Sessionful transport setup and routing (`session-transport`): 2000 findings');
    expect(limited).not.toContain('## Roots, sampling and logging');
    expect(limited).toContain(`> **Cut to fit 65,536 bytes:** ${siteRows.length} of 3000 findings listed below; the full report is in mcp-migrate.sarif.`);
    expect(siteRows.length).toBeGreaterThan(100);
    expect(limited).toContain(`| … | ${2000 - siteRows.length} more sites not shown |`);
  });

  it('names the command that writes the full report when the run wrote no other output', () => {
    const alone = renderMarkdown(big, { ...options, markdownMaxBytes: 65_536 });
    expect(alone).toContain('the full report: `mcp-migrate scan --format markdown --output MIGRATION.md`.');
  });

  it('leaves a report that fits unchanged', () => {
    expect(renderMarkdown(SAMPLE_REPORT, { ...options, markdownMaxBytes: 65_536 })).toBe(md);
  });
});
