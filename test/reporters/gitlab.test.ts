import { describe, expect, it } from 'vitest';
import { renderGitlab, type CodeQualityIssue } from '../../src/reporters/gitlab.js';
import type { RenderOptions } from '../../src/reporters/index.js';
import { EMPTY_REPORT, SAMPLE_REPORT, SAMPLE_RULES, makeFinding, makeReport } from '../support/sample-report.js';

const options: RenderOptions = { rules: SAMPLE_RULES, color: false, failOn: 'error' };
const parse = (text: string): CodeQualityIssue[] => JSON.parse(text) as CodeQualityIssue[];

describe('gitlab reporter (Code Quality)', () => {
  const issues = parse(renderGitlab(SAMPLE_REPORT, options));

  it('writes one issue per finding in the gate, with the fields GitLab documents', () => {
    expect(issues).toHaveLength(SAMPLE_REPORT.findings.length);
    for (const issue of issues) {
      expect(Object.keys(issue).sort()).toEqual(['check_name', 'description', 'fingerprint', 'location', 'severity']);
      expect(typeof issue.description).toBe('string');
      expect(issue.location.lines.begin).toBeGreaterThanOrEqual(1);
      expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(issue.severity);
    }
  });

  it('writes the exact issue for a finding', () => {
    expect(issues.find((i) => i.check_name === 'session-transport/session-header')).toEqual({
      description: 'session-transport/session-header: Reads the `Mcp-Session-Id` header; 2026-07-28 servers ignore it and never mint or echo one.',
      check_name: 'session-transport/session-header',
      fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
      severity: 'major',
      location: { path: 'src/server.ts', lines: { begin: 24, end: 24 } },
    });
  });

  it('maps error→major, warning→minor, info→info', () => {
    const bySeverity = (ruleId: string) => issues.find((i) => i.check_name === ruleId)?.severity;
    expect(bySeverity('session-state/keyed-store')).toBe('major');
    expect(bySeverity('deprecated-feature/logging')).toBe('minor');
    expect(bySeverity('handle-hygiene/guessable-handle')).toBe('info');
  });

  it('gives paths from the directory the scan was run in (a scan of packages/api reports packages/api/src/x.ts)', () => {
    const report = makeReport([makeFinding({ ruleId: 'server-push/ping', file: 'src/x.ts', line: 3, column: 1, message: 'm' })], { root: 'packages/api' });
    expect(parse(renderGitlab(report, options))[0]!.location.path).toBe('packages/api/src/x.ts');
  });

  it('keeps a fingerprint when the finding moves to another line, and gives each finding its own', () => {
    const at = (line: number) => makeFinding({ ruleId: 'server-push/ping', file: 'src/x.ts', line, column: 1, message: 'm', fingerprint: 'same-content' });
    const before = parse(renderGitlab(makeReport([at(3)]), options))[0]!.fingerprint;
    const after = parse(renderGitlab(makeReport([at(9)]), options))[0]!.fingerprint;
    expect(after).toBe(before);
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    const twins = parse(renderGitlab(makeReport([at(3), at(9)]), options));
    expect(twins[0]!.fingerprint).not.toBe(twins[1]!.fingerprint);
  });

  it('leaves out suppressed findings and findings in test files (outside the gate)', () => {
    const gated = makeFinding({ ruleId: 'server-push/ping', file: 'src/x.ts', line: 3, column: 1, message: 'm' });
    const suppressed = { ...makeFinding({ ruleId: 'server-push/ping', file: 'src/y.ts', line: 3, column: 1, message: 'm' }), suppressed: { kind: 'disable-next-line' as const, reason: 'r', line: 2 } };
    const inTest = { ...makeFinding({ ruleId: 'server-push/ping', file: 'test/z.test.ts', line: 3, column: 1, message: 'm' }), testFile: true as const };
    const out = parse(renderGitlab(makeReport([gated], { suppressed: [suppressed], testFindings: [inTest] }), options));
    expect(out.map((i) => i.location.path)).toEqual(['src/x.ts']);
  });

  it('is an empty array for a clean report', () => {
    expect(renderGitlab(EMPTY_REPORT, options)).toBe('[]\n');
  });
});
