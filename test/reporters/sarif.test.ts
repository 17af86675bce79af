import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { FileDiagnostic, ScanReport } from '../../src/model.js';
import type { RenderOptions } from '../../src/reporters/index.js';
import { FINGERPRINT_KEY, renderSarif } from '../../src/reporters/sarif.js';
import { EMPTY_REPORT, SAMPLE_REPORT, SAMPLE_RULES, makeFinding, makeReport } from '../support/sample-report.js';

/**
 * The SARIF 2.1.0 JSON schema as published by Microsoft in @microsoft/jest-sarif
 * (`sarif-2.1.0-rtm.5.json`, the schema SchemaStore serves for 2.1.0). It is a
 * draft-04 schema; ajv 8 speaks draft-07, which validates the keywords this
 * schema uses (type, $ref, properties, items, required, enum, minimum, pattern,
 * format, anyOf, uniqueItems, minItems, additionalProperties, default) the same
 * way. So we drop the draft-04 `$schema`, rename `id` to `$id`, and turn off
 * `unicodeRegExp` because rtm.5's `language` pattern is not a valid /u regex
 * (an erratum fixed later; we never emit `language`).
 */
function compileOfficialSarifSchema() {
  const require = createRequire(import.meta.url);
  const path = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const { $schema: _draft04, id, ...schema } = JSON.parse(readFileSync(path, 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  // ajv-formats is CommonJS: under NodeNext its default import is the module object.
  ajvFormats.default(ajv);
  return ajv.compile({ ...schema, $id: id });
}
const validateSarif = compileOfficialSarifSchema();

const options: RenderOptions = { rules: SAMPLE_RULES, color: false, failOn: 'error' };

function sarif(report = SAMPLE_REPORT, opts: Partial<RenderOptions> = {}): any {
  return JSON.parse(renderSarif(report, { ...options, ...opts }));
}

function expectValid(log: unknown) {
  const valid = validateSarif(log);
  expect(validateSarif.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

describe('sarif reporter: schema', () => {
  it.each([
    ['the sample report', SAMPLE_REPORT, {}],
    ['an empty report', EMPTY_REPORT, {}],
    ['absolute doc links', SAMPLE_REPORT, { docsBaseUrl: 'https://github.com/OWNER/mcp-migrate/blob/main/' }],
    ['an absolute root with spaces', { ...SAMPLE_REPORT, root: '/home/runner/work/my repo' }, {}],
    ['a Windows root', { ...SAMPLE_REPORT, root: 'C:\\work\\srv' }, {}],
    ['a subdirectory root', { ...SAMPLE_REPORT, root: 'packages/api' }, {}],
    [
      'a suppressed finding and notes',
      <ScanReport>{
        ...SAMPLE_REPORT,
        suppressed: [{ ...SAMPLE_REPORT.findings[0]!, line: 99, suppressed: { kind: 'disable-next-line', reason: 'reviewed', line: 98 } }],
        diagnostics: [
          ...SAMPLE_REPORT.diagnostics,
          { file: 'tsconfig.json', kind: 'note', message: 'n' },
          { file: 'src/a.ts', kind: 'unused-suppression', message: 'u', line: 3, column: 4 },
          { file: 'src/a.ts', kind: 'invalid-suppression', message: 'i', line: 5, column: 4 },
        ],
      },
      {},
    ],
  ] as const)('validates against the official SARIF 2.1.0 schema: %s', (_name, report, opts) => {
    expectValid(sarif(report, opts));
  });

  it('the schema check rejects invalid SARIF (so it can fail at all)', () => {
    const log = sarif();
    log.runs[0].results[0].level = 'info'; // not a SARIF level
    log.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(validateSarif(log)).toBe(false);
  });

  it('the schema check applies formats (a relative helpUri is rejected)', () => {
    const log = sarif();
    log.runs[0].tool.driver.rules[0].helpUri = 'docs/rules/x.md';
    expect(validateSarif(log)).toBe(false);
    expect(validateSarif.errors?.[0]).toMatchObject({ keyword: 'format', params: { format: 'uri' } });
  });

  it('every region has a startLine (required by the 2.1.0 errata, which rtm.5 does not check)', () => {
    const log = sarif();
    const regions = JSON.stringify(log).match(/"region":\{[^}]*\}/g) ?? [];
    for (const result of log.runs[0].results) {
      expect(result.locations[0].physicalLocation.region.startLine).toBeGreaterThanOrEqual(1);
    }
    expect(regions.every((r) => r.includes('"startLine"'))).toBe(true);
  });
});

describe('sarif reporter: log and driver', () => {
  const log = sarif(SAMPLE_REPORT, { docsBaseUrl: 'https://github.com/OWNER/mcp-migrate/blob/main' });
  const run = log.runs[0];
  const driver = run.tool.driver;

  it('is one 2.1.0 run of mcp-migrate', () => {
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/^https:\/\/.*sarif-schema-2\.1\.0\.json$/);
    expect(log.runs).toHaveLength(1);
    expect(driver).toMatchObject({ name: 'mcp-migrate', version: '0.1.0' });
    expect(driver.informationUri).toMatch(/^https:\/\//);
  });

  it('describes every catalogue rule, in catalogue order, with the fields code scanning shows', () => {
    expect(driver.rules.map((r: { id: string }) => r.id)).toEqual(SAMPLE_RULES.map((r) => r.id));
    const keyed = driver.rules.find((r: { id: string }) => r.id === 'session-state/keyed-store');
    expect(keyed).toMatchObject({
      id: 'session-state/keyed-store',
      name: 'KeyedStore',
      shortDescription: { text: 'Application state, credentials, request metadata or a KV key keyed by the MCP session id.' },
      helpUri: 'https://github.com/OWNER/mcp-migrate/blob/main/docs/rules/session-state/keyed-store.md',
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['session-state'] },
    });
    expect(keyed.fullDescription.text).toMatch(/^Application state.*session id\. State that spans requests/);
    expect(keyed.help.text).toContain('How to migrate: Replace the session key with a state handle');
    expect(keyed.help.markdown).toContain('**How to migrate:**');
    expect(keyed.help.markdown).toContain('[Specification](https://modelcontextprotocol.io/specification/2026-07-28/basic/index)');
    for (const rule of driver.rules) expect(rule.name).not.toBe(rule.id);
  });

  it('maps severities to SARIF levels: error→error, warning→warning, info→note', () => {
    const levelOf = (id: string) => driver.rules.find((r: { id: string }) => r.id === id).defaultConfiguration.level;
    expect(levelOf('session-state/keyed-store')).toBe('error');
    expect(levelOf('session-state/session-telemetry')).toBe('warning');
    expect(levelOf('handle-hygiene/guessable-handle')).toBe('note');
    const resultLevels = Object.fromEntries(run.results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level]));
    expect(resultLevels['session-transport/session-header']).toBe('error');
    expect(resultLevels['deprecated-feature/logging']).toBe('warning');
    expect(resultLevels['handle-hygiene/guessable-handle']).toBe('note');
  });

  it('leaves helpUri out without docsBaseUrl (a relative path is not a valid helpUri)', () => {
    for (const rule of sarif().runs[0].tool.driver.rules) expect(rule).not.toHaveProperty('helpUri');
  });
});

describe('sarif reporter: results', () => {
  const run = sarif().runs[0];

  it('has one result per finding, in report order, and ruleIndex points at the rule', () => {
    expect(run.results).toHaveLength(SAMPLE_REPORT.findings.length);
    for (const result of run.results) {
      expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
    }
    const first = run.results[0];
    expect(first.ruleId).toBe('session-state/keyed-store'); // src/cart-store.ts:3 sorts first
    expect(first.ruleIndex).toBe(SAMPLE_RULES.findIndex((r) => r.id === 'session-state/keyed-store'));
  });

  it('locates results relative to %SRCROOT% with the full region and a partial fingerprint', () => {
    const header = run.results.find((r: { ruleId: string }) => r.ruleId === 'session-transport/session-header');
    expect(header.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'src/server.ts', uriBaseId: '%SRCROOT%' },
          region: { startLine: 24, startColumn: 37, endLine: 24, endColumn: 53 },
        },
      },
    ]);
    expect(header.partialFingerprints).toEqual({ [FINGERPRINT_KEY]: '77a1e2b9c6d30f18' });
    expect(FINGERPRINT_KEY).toMatch(/\/v\d+$/); // a versioned hierarchical string
    expect(header.message.text).toBe(SAMPLE_REPORT.findings.find((f) => f.ruleId === header.ruleId)!.message);
  });

  it('prefixes a relative root so paths resolve from the checkout, and encodes URIs', () => {
    const report = makeReport(
      [makeFinding({ ruleId: 'server-push/ping', file: 'src/a b#1%.ts', line: 1, column: 1, message: 'm' })],
      { root: './packages/api/' },
    );
    const log = sarif(report);
    expectValid(log);
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({
      uri: 'packages/api/src/a%20b%231%25.ts',
      uriBaseId: '%SRCROOT%',
    });
  });

  it('uses absolute file URIs without uriBaseId when the root is absolute', () => {
    const uri = (root: string) =>
      sarif({ ...SAMPLE_REPORT, root }).runs[0].results[0].locations[0].physicalLocation.artifactLocation;
    expect(uri('/home/runner/work/my repo')).toEqual({ uri: 'file:///home/runner/work/my%20repo/src/cart-store.ts' });
    expect(uri('C:\\work\\srv')).toEqual({ uri: 'file:///C:/work/srv/src/cart-store.ts' });
  });

  it('turns the chain into a code flow ending at the finding', () => {
    const read = run.results.find((r: { ruleId: string }) => r.ruleId === 'session-state/session-id-read');
    const steps = read.codeFlows[0].threadFlows[0].locations.map((l: any) => l.location);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toEqual({
      physicalLocation: { artifactLocation: { uri: 'src/tools/cart.ts', uriBaseId: '%SRCROOT%' }, region: { startLine: 14 } },
      message: { text: "registerTool('add_item') callback parameter `extra` (src/tools/cart.ts:14)" },
    });
    expect(steps[2].physicalLocation).toEqual(read.locations[0].physicalLocation);
    const withoutChain = run.results.find((r: { ruleId: string }) => r.ruleId === 'session-state/keyed-store');
    expect(withoutChain).not.toHaveProperty('codeFlows');
  });

  it('keeps a chain step without a (file:line) as a message-only location', () => {
    const report = makeReport([
      makeFinding({ ruleId: 'session-state/session-id-read', file: 'a.ts', line: 2, column: 3, message: 'm', chain: ['the handler context'] }),
    ]);
    const log = sarif(report);
    expectValid(log);
    expect(log.runs[0].results[0].codeFlows[0].threadFlows[0].locations[0]).toEqual({
      location: { message: { text: 'the handler context' } },
    });
  });

  it('describes a rule missing from the catalogue so ruleIndex stays valid', () => {
    const report = makeReport([
      makeFinding({ ruleId: 'session-state/keyed-store', file: 'a.ts', line: 1, column: 1, message: 'm' }),
      makeFinding({
        ruleId: 'handle-hygiene/no-expiry',
        category: 'handle-hygiene',
        severity: 'warning',
        file: 'a.ts',
        line: 2,
        column: 1,
        message: 'Handles never expire',
      }),
    ]);
    const log = sarif(report);
    expectValid(log);
    const { rules } = log.runs[0].tool.driver;
    expect(rules).toHaveLength(SAMPLE_RULES.length + 1);
    const extra = log.runs[0].results[1];
    expect(rules[extra.ruleIndex]).toMatchObject({
      id: 'handle-hygiene/no-expiry',
      defaultConfiguration: { level: 'warning' },
      properties: { tags: ['handle-hygiene'] },
    });
  });
});

describe('sarif reporter: diagnostics', () => {
  it('reports them as tool execution notifications; a parse error does not fail the run', () => {
    const [invocation] = sarif().runs[0].invocations;
    expect(invocation.executionSuccessful).toBe(true);
    expect(invocation.toolExecutionNotifications).toEqual([
      {
        level: 'warning',
        message: { text: 'assets/bundle.min.js: Skipped: 3.2 MB is over the 1 MB limit.' },
        descriptor: { id: 'too-large' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'assets/bundle.min.js', uriBaseId: '%SRCROOT%' } } }],
      },
      {
        level: 'warning',
        message: { text: "src/legacy/broken.ts: ')' expected." },
        descriptor: { id: 'parse-error' },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'src/legacy/broken.ts', uriBaseId: '%SRCROOT%' },
              region: { startLine: 12, startColumn: 9 },
            },
          },
        ],
      },
    ]);
  });

  it('marks the run unsuccessful when a file could not be read (results are incomplete)', () => {
    const unreadable: FileDiagnostic = { file: 'src/secret.ts', kind: 'unreadable', message: 'EACCES' };
    const log = sarif({ ...SAMPLE_REPORT, diagnostics: [unreadable] });
    expectValid(log);
    expect(log.runs[0].invocations[0].executionSuccessful).toBe(false);
    expect(log.runs[0].invocations[0].toolExecutionNotifications[0].level).toBe('error');
  });

  it('omits the notifications array when there is nothing to say', () => {
    expect(sarif(EMPTY_REPORT).runs[0].invocations).toEqual([{ executionSuccessful: true }]);
    expect(sarif(EMPTY_REPORT).runs[0].results).toEqual([]);
  });
});
