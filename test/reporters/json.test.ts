import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, SEVERITIES, summarize } from '../../src/model.js';
import type { RenderOptions } from '../../src/reporters/index.js';
import { renderJson } from '../../src/reporters/json.js';
import { EMPTY_REPORT, SAMPLE_REPORT, SAMPLE_RULES, makeFinding, makeReport } from '../support/sample-report.js';

const options: RenderOptions = { rules: SAMPLE_RULES, color: true, failOn: 'error' };

const count = { type: 'integer', minimum: 0 } as const;
const position = { type: 'integer', minimum: 1 } as const;
const countsBy = (keys: readonly string[]) => ({
  type: 'object',
  propertyNames: { enum: [...keys] },
  additionalProperties: count,
});

/** One finding (in `findings`, or in `testFindings` with `testFile`). */
const FINDING = {
  type: 'object',
  additionalProperties: false,
  required: [
    'ruleId', 'category', 'severity', 'file', 'line', 'column', 'endLine', 'endColumn',
    'message', 'fix', 'docs', 'fingerprint',
  ],
  properties: {
    ruleId: { type: 'string', pattern: '^[a-z-]+/[a-z0-9-]+$' },
    category: { enum: [...CATEGORIES] },
    severity: { enum: [...SEVERITIES] },
    file: { type: 'string', minLength: 1, not: { pattern: '\\\\' } },
    line: position,
    column: position,
    endLine: position,
    endColumn: position,
    message: { type: 'string', minLength: 1 },
    fix: { enum: ['auto', 'assisted', 'manual'] },
    docs: { type: 'string', pattern: '^docs/rules/.+\\.md$' },
    chain: { type: 'array', minItems: 1, items: { type: 'string' } },
    fingerprint: { type: 'string', minLength: 1 },
    suppressed: {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'reason', 'line'],
      properties: { kind: { enum: ['disable-next-line', 'disable-file'] }, reason: { type: 'string', minLength: 1 }, line: position },
    },
    testFile: { const: true },
  },
} as const;

/**
 * The JSON contract of docs/design.md, field by field, plus the additive
 * fields of the model. `additionalProperties: false` everywhere: a new field
 * must be added here on purpose (and to the README changelog).
 */
const CONTRACT = {
  type: 'object',
  additionalProperties: false,
  required: ['schemaVersion', 'tool', 'command', 'root', 'summary', 'findings', 'diagnostics'],
  properties: {
    schemaVersion: { const: 1 },
    tool: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'version'],
      properties: { name: { const: 'mcp-migrate' }, version: { type: 'string', minLength: 1 } },
    },
    command: { enum: ['scan', 'apply'] },
    root: { type: 'string', minLength: 1 },
    summary: {
      type: 'object',
      additionalProperties: false,
      required: ['filesScanned', 'filesAnalyzed', 'findings', 'byCategory', 'bySeverity'],
      properties: {
        filesScanned: count,
        filesAnalyzed: count,
        findings: count,
        byCategory: countsBy(CATEGORIES),
        bySeverity: countsBy(SEVERITIES),
        baselined: count,
        suppressed: count,
        testFindings: count,
      },
    },
    findings: { type: 'array', items: FINDING },
    testFindings: { type: 'array', minItems: 1, items: { ...FINDING, required: [...FINDING.required, 'testFile'] } },
    diagnostics: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['file', 'kind', 'message'],
        properties: {
          file: { type: 'string' },
          kind: { enum: ['parse-error', 'binary', 'too-large', 'unreadable', 'symlink-loop', 'not-found', 'analysis-error', 'note', 'unused-suppression', 'invalid-suppression'] },
          message: { type: 'string' },
          line: position,
          column: position,
        },
      },
    },
  },
} as const;

const validateContract = new Ajv({ allErrors: true }).compile(CONTRACT);

const outside = makeFinding({ ruleId: 'server-push/ping', file: 'src/a.ts', line: 4, column: 1, message: 'm' });
const WITH_OUTSIDE_GATE = makeReport([outside], {
  summary: { ...summarize([outside], 42, 9), suppressed: 1, testFindings: 1 },
  suppressed: [{ ...outside, line: 2, suppressed: { kind: 'disable-next-line', reason: 'reviewed', line: 1 } }],
  testFindings: [{ ...outside, file: 'test/a.test.ts', testFile: true }],
  diagnostics: [{ file: 'src/a.ts', kind: 'unused-suppression', message: 'u', line: 9, column: 4 }],
});

function parse(output: string): any {
  return JSON.parse(output);
}

describe('json reporter', () => {
  it.each([
    ['the sample report', SAMPLE_REPORT],
    ['an empty report', EMPTY_REPORT],
    ['a report with suppressed findings, findings in test files and notes', WITH_OUTSIDE_GATE],
  ])('matches the contract for %s', (_name, report) => {
    const valid = validateContract(parse(renderJson(report, options)));
    expect(validateContract.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the contract check fails on a broken report (so it can fail at all)', () => {
    const broken = parse(renderJson(SAMPLE_REPORT, options));
    broken.findings[0].severity = 'fatal';
    delete broken.summary.filesScanned;
    expect(validateContract(broken)).toBe(false);
  });

  it('writes the top-level keys in contract order and leaves durationMs out (output must be reproducible)', () => {
    const json = parse(renderJson(SAMPLE_REPORT, options));
    expect(Object.keys(json)).toEqual(['schemaVersion', 'tool', 'command', 'root', 'summary', 'findings', 'diagnostics']);
    expect(Object.keys(json.summary)).toEqual(['filesScanned', 'filesAnalyzed', 'findings', 'byCategory', 'bySeverity', 'baselined']);
    expect(Object.keys(json.findings[0])).toEqual([
      'ruleId', 'category', 'severity', 'file', 'line', 'column', 'endLine', 'endColumn', 'message', 'fix', 'docs', 'fingerprint',
    ]);
  });

  it('lists suppressed findings in `findings` (sorted in, with the reason, not counted) and test findings apart', () => {
    const json = parse(renderJson(WITH_OUTSIDE_GATE, options));
    expect(json.findings.map((f: { line: number; suppressed?: unknown }) => [f.line, f.suppressed])).toEqual([
      [2, { kind: 'disable-next-line', reason: 'reviewed', line: 1 }],
      [4, undefined],
    ]);
    expect(json.summary).toMatchObject({ findings: 1, suppressed: 1, testFindings: 1 });
    expect(json.testFindings).toEqual([expect.objectContaining({ file: 'test/a.test.ts', testFile: true })]);
    expect(Object.keys(json)).toEqual(['schemaVersion', 'tool', 'command', 'root', 'summary', 'findings', 'testFindings', 'diagnostics']);
  });

  it('sorts findings by file, line, column, ruleId', () => {
    const report = makeReport([
      makeFinding({ ruleId: 'server-push/ping', file: 'b.ts', line: 1, column: 1, message: 'm' }),
      makeFinding({ ruleId: 'session-transport/session-lifecycle', file: 'a.ts', line: 9, column: 3, message: 'm' }),
      makeFinding({ ruleId: 'session-transport/event-store', file: 'a.ts', line: 9, column: 3, message: 'm' }),
      makeFinding({ ruleId: 'server-push/ping', file: 'a.ts', line: 10, column: 1, message: 'm' }),
      makeFinding({ ruleId: 'server-push/ping', file: 'a.ts', line: 9, column: 1, message: 'm' }),
    ]);
    const order = parse(renderJson(report, options)).findings.map(
      (f: { file: string; line: number; column: number; ruleId: string }) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`,
    );
    expect(order).toEqual([
      'a.ts:9:1 server-push/ping',
      'a.ts:9:3 session-transport/event-store',
      'a.ts:9:3 session-transport/session-lifecycle',
      'a.ts:10:1 server-push/ping',
      'b.ts:1:1 server-push/ping',
    ]);
  });

  it('keeps every field of every finding, with chain only where the analysis recorded one', () => {
    const json = parse(renderJson(SAMPLE_REPORT, options));
    const withChain = json.findings.filter((f: { chain?: string[] }) => f.chain);
    expect(withChain).toHaveLength(1);
    expect(withChain[0].chain).toEqual([
      "registerTool('add_item') callback parameter `extra` (src/tools/cart.ts:14)",
      'getCart(extra) (src/tools/cart.ts:17)',
    ]);
    const byFingerprint = new Map(SAMPLE_REPORT.findings.map((f) => [f.fingerprint, f]));
    for (const f of json.findings) expect(f).toEqual(byFingerprint.get(f.fingerprint));
  });

  it('passes the summary through, with counts in category and severity order', () => {
    const json = parse(renderJson(SAMPLE_REPORT, options));
    expect(json.summary).toEqual(SAMPLE_REPORT.summary);
    expect(Object.keys(json.summary.byCategory)).toEqual([...CATEGORIES]);
    expect(Object.keys(json.summary.bySeverity)).toEqual([...SEVERITIES]);
    expect(json.summary.baselined).toBe(2);
    expect('baselined' in parse(renderJson(EMPTY_REPORT, options)).summary).toBe(false);
  });

  it('includes diagnostics sorted by file, optional positions only when known', () => {
    const json = parse(renderJson(SAMPLE_REPORT, options));
    expect(json.diagnostics).toEqual([
      { file: 'assets/bundle.min.js', kind: 'too-large', message: 'Skipped: 3.2 MB is over the 1 MB limit.' },
      { file: 'src/legacy/broken.ts', kind: 'parse-error', message: "')' expected.", line: 12, column: 9 },
    ]);
  });

  it('is pretty-printed with two spaces and one trailing newline, and ignores color', () => {
    const out = renderJson(SAMPLE_REPORT, options);
    expect(out.startsWith('{\n  "schemaVersion": 1,\n')).toBe(true);
    expect(out.endsWith('}\n')).toBe(true);
    expect(renderJson(SAMPLE_REPORT, { ...options, color: false })).toBe(out);
  });
});
