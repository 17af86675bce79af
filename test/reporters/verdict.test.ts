import { describe, expect, it } from 'vitest';
import { formatSeverityCounts, isBlocking, verdict, type FailOn } from '../../src/reporters/verdict.js';
import { EMPTY_REPORT, SAMPLE_REPORT, SAMPLE_REPORT as SAMPLE, makeFinding, makeReport } from '../support/sample-report.js';

describe('isBlocking', () => {
  const cases: Array<[FailOn, boolean, boolean, boolean]> = [
    // failOn, error, warning, info
    ['error', true, false, false],
    ['warning', true, true, false],
    ['info', true, true, true],
    ['none', false, false, false],
  ];
  it.each(cases)('--fail-on %s', (failOn, error, warning, info) => {
    expect(isBlocking('error', failOn)).toBe(error);
    expect(isBlocking('warning', failOn)).toBe(warning);
    expect(isBlocking('info', failOn)).toBe(info);
  });
});

describe('verdict', () => {
  // SAMPLE_REPORT: 7 errors, 2 warnings, 1 info.
  it('counts only findings at or above --fail-on as blocking', () => {
    expect(verdict(SAMPLE_REPORT, 'error')).toMatchObject({ status: 'blocked', blocking: 7, symbol: '✖' });
    expect(verdict(SAMPLE_REPORT, 'warning')).toMatchObject({ status: 'blocked', blocking: 9 });
    expect(verdict(SAMPLE_REPORT, 'info')).toMatchObject({ status: 'blocked', blocking: 10 });
    expect(verdict(SAMPLE_REPORT, 'none')).toMatchObject({ status: 'below-threshold', blocking: 0, symbol: '⚠' });
  });

  it('says what blocks and what is below the threshold', () => {
    const SAMPLE_REPORT = { ...SAMPLE, diagnostics: [] };
    expect(verdict(SAMPLE_REPORT, 'error').text).toBe(
      '7 findings block 2026-07-28 readiness (7 errors); 2 warnings, 1 info below --fail-on error',
    );
    expect(verdict(SAMPLE_REPORT, 'warning').text).toBe(
      '9 findings block 2026-07-28 readiness (7 errors, 2 warnings); 1 info below --fail-on warning',
    );
    expect(verdict(SAMPLE_REPORT, 'info').text).toBe(
      '10 findings block 2026-07-28 readiness (7 errors, 2 warnings, 1 info)',
    );
    expect(verdict(SAMPLE_REPORT, 'none').text).toBe(
      '10 findings to review (7 errors, 2 warnings, 1 info); --fail-on none, so none fail the run',
    );
  });

  it('uses the singular for one finding', () => {
    const one = makeReport([makeFinding({ ruleId: 'server-push/elicitation', file: 'a.ts', line: 1, column: 1, message: 'm' })]);
    expect(verdict(one, 'error').text).toBe('1 finding blocks 2026-07-28 readiness (1 error)');
  });

  it('passes warnings-only reports under --fail-on error but still mentions them', () => {
    const warningsOnly = makeReport([
      makeFinding({ ruleId: 'deprecated-feature/logging', file: 'a.ts', line: 1, column: 1, message: 'm' }),
    ]);
    expect(verdict(warningsOnly, 'error')).toEqual({
      status: 'below-threshold',
      blocking: 0,
      symbol: '⚠',
      text: '1 finding to review (1 warning); none at or above --fail-on error',
    });
  });

  it('is clean without findings, and says so differently when findings are baselined', () => {
    expect(verdict(EMPTY_REPORT, 'info')).toEqual({
      status: 'clean',
      blocking: 0,
      symbol: '✔',
      text: 'No reliance on sessions, the handshake or deprecated features found',
    });
    const baselined = { ...EMPTY_REPORT, summary: { ...EMPTY_REPORT.summary, baselined: 3 } };
    expect(verdict(baselined, 'error').text).toBe(
      'No reliance on sessions, the handshake or deprecated features found outside the baseline (3 baselined)',
    );
  });
});

describe('verdict: never green on nothing', () => {
  it('says no MCP server code was found when files were scanned but none was analysed', () => {
    const nothingAnalysed = { ...EMPTY_REPORT, summary: { ...EMPTY_REPORT.summary, filesScanned: 3, filesAnalyzed: 0 } };
    expect(verdict(nothingAnalysed, 'error')).toEqual({
      status: 'no-mcp-code',
      blocking: 0,
      symbol: 'ℹ',
      text: 'No MCP server code found in 3 files: nothing to migrate',
    });
  });

  it('says findings may be incomplete when a file has syntax errors, whatever the status', () => {
    const diagnostics = [
      { file: 'src/a.ts', kind: 'parse-error' as const, message: 'x', line: 1, column: 1 },
      { file: 'src/b.ts', kind: 'parse-error' as const, message: 'x', line: 1, column: 1 },
      { file: 'src/b.ts', kind: 'parse-error' as const, message: 'y', line: 2, column: 1 },
    ];
    expect(verdict({ ...EMPTY_REPORT, diagnostics }, 'error').text).toBe(
      'No reliance on sessions, the handshake or deprecated features found; findings may be incomplete: 2 files with syntax errors analysed only as far as they parse',
    );
    expect(verdict({ ...EMPTY_REPORT, diagnostics: [{ file: 'tsconfig.json', kind: 'note' as const, message: 'n' }] }, 'error').text).toBe(
      'No reliance on sessions, the handshake or deprecated features found',
    );
    // A tsconfig that cannot be read is no file with syntax errors (review 40 R40-6).
    expect(verdict({ ...EMPTY_REPORT, diagnostics: [{ file: 'tsconfig.json', kind: 'parse-error' as const, message: "tsconfig: Cannot read file 'base.json'." }] }, 'error').text).toBe(
      'No reliance on sessions, the handshake or deprecated features found; findings may be incomplete: 1 tsconfig could not be read (see diagnostics), so module resolution falls back to defaults there',
    );
  });

  it('counts suppressed findings and findings in test files on the verdict line, outside the gate', () => {
    const finding = makeFinding({ ruleId: 'server-push/elicitation', file: 'a.ts', line: 1, column: 1, message: 'm' });
    const report = { ...EMPTY_REPORT, suppressed: [{ ...finding, suppressed: { kind: 'disable-next-line' as const, reason: 'r', line: 0 } }], testFindings: [{ ...finding, file: 'a.test.ts', testFile: true as const }] };
    expect(verdict(report, 'error')).toMatchObject({
      status: 'clean',
      text: 'No reliance on sessions, the handshake or deprecated features found; 1 suppressed; 1 finding in test files not gated (--include-tests gates them)',
    });
  });
});

describe('formatSeverityCounts', () => {
  it('pluralises errors and warnings but not info', () => {
    expect(formatSeverityCounts({ error: 1, warning: 2, info: 3 })).toBe('1 error, 2 warnings, 3 info');
    expect(formatSeverityCounts({ error: 0, warning: 1, info: 0 }, undefined, { skipZero: true })).toBe('1 warning');
  });
});

describe('sources left unscanned (review 40 R40-5, review 40b S40-7)', () => {
  it('an unreadable source file and MCP code over the size limit make the verdict incomplete; an unreadable folder does not', () => {
    const incomplete = (diagnostics: Parameters<typeof verdict>[0]['diagnostics']) => verdict({ ...EMPTY_REPORT, diagnostics }, 'error').status;
    expect(incomplete([{ file: 'src/a.ts', kind: 'unreadable', message: 'permission denied' }])).toBe('incomplete');
    expect(incomplete([{ file: 'gen/server.ts', kind: 'too-large', message: 'big', mcpCode: true }])).toBe('incomplete');
    expect(incomplete([{ file: 'pgdata', kind: 'unreadable', message: 'permission denied' }])).not.toBe('incomplete');
    expect(incomplete([{ file: 'assets/bundle.js', kind: 'too-large', message: 'big' }])).not.toBe('incomplete');
  });
});
