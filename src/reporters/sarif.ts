/**
 * SARIF 2.1.0 for GitHub code scanning (`github/codeql-action/upload-sarif`)
 * and other SARIF viewers. One run; every catalogue rule is described in
 * `tool.driver.rules` so alerts show their help, and file diagnostics become
 * tool execution notifications.
 */
import {
  ruleDocPath,
  type Category,
  type FileDiagnostic,
  type Finding,
  type RuleMeta,
  type ScanReport,
  type Severity,
} from '../model.js';
import { fixAvailable, fixKind } from '../fix-status.js';
import { CATEGORY_GUIDE } from './category-guide.js';
import { ciPath, docHref, encodeUriPath, fileUri, isAbsolutePath, parseChainStepLocation } from './locations.js';
import { sortedDiagnostics, sortedFindings } from './order.js';
import type { RenderOptions } from './types.js';

const SARIF_SCHEMA_URI =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** Where the tool is published; SARIF wants an absolute URI for `tool.driver.informationUri`. */
const TOOL_INFORMATION_URI = 'https://www.npmjs.com/package/mcp-migrate';

/** `partialFingerprints` key; a versioned hierarchical string (SARIF §3.5.4.2), bump on a new fingerprint algorithm. */
export const FINGERPRINT_KEY = 'mcpMigrate/v1';

/** Relative URIs are resolved against this base: the directory the scan was run from (the checkout in CI). */
const SRCROOT = '%SRCROOT%';

type SarifLevel = 'error' | 'warning' | 'note';

const LEVEL_FOR: Readonly<Record<Severity, SarifLevel>> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * Per SARIF §3.58.6, an `error` notification means results may be incomplete
 * and the run failed; a file we could not read at all is that. A parse error
 * or a skipped huge file leaves the rest of the results valid.
 */
const DIAGNOSTIC_LEVEL: Readonly<Record<FileDiagnostic['kind'], SarifLevel>> = {
  'parse-error': 'warning',
  binary: 'note',
  'too-large': 'warning',
  unreadable: 'error',
  'symlink-loop': 'warning',
  'not-found': 'error',
  'analysis-error': 'error',
  note: 'note',
  'unused-suppression': 'warning',
  'invalid-suppression': 'warning',
};

// Structural types for what we emit (not the whole SARIF object model).
interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}
interface Region {
  startLine: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}
interface PhysicalLocation {
  artifactLocation: ArtifactLocation;
  region?: Region;
}
interface Message {
  text: string;
}

export function renderSarif(report: ScanReport, options: RenderOptions): string {
  const findings = sortedFindings(report.findings);
  const rules = ruleDescriptors(options.rules, findings, options.docsBaseUrl);
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const notifications = sortedDiagnostics(report.diagnostics).map((d) => notification(d, report.root));

  const log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: TOOL_INFORMATION_URI,
            rules,
          },
        },
        invocations: [
          {
            executionSuccessful: notifications.every((n) => n.level !== 'error'),
            ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        // Columns come from the TypeScript compiler, which counts UTF-16 code units.
        columnKind: 'utf16CodeUnits',
        // Suppressed findings stay in the log with `suppressions`, so code scanning shows them
        // as dismissed in source rather than losing them.
        results: sortedFindings([...findings, ...(report.suppressed ?? [])]).map((f) => result(f, report.root, ruleIndex)),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** `session-state/keyed-store` → `KeyedStore`: SARIF wants a readable name distinct from the id. */
function ruleName(ruleId: string): string {
  const last = ruleId.split('/').pop() ?? ruleId;
  return last
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function ruleDescriptor(rule: RuleMeta, docsBaseUrl: string | undefined) {
  const guide = CATEGORY_GUIDE[rule.category];
  const docs = docHref(ruleDocPath(rule.id), docsBaseUrl);
  return {
    id: rule.id,
    name: ruleName(rule.id),
    shortDescription: { text: sentence(rule.summary) },
    fullDescription: { text: `${sentence(rule.summary)} ${guide.meaning}` },
    help: {
      text: [
        sentence(rule.summary),
        `${guide.title}: ${guide.meaning}`,
        `How to migrate: ${guide.migration}`,
        `Rule documentation: ${docs}`,
        ...(rule.spec ? [`Specification: ${rule.spec}`] : []),
      ].join('\n\n'),
      markdown: [
        sentence(rule.summary),
        `**${guide.title}.** ${guide.meaning}`,
        `**How to migrate:** ${guide.migration}`,
        [`[Rule documentation](${docs})`, ...(rule.spec ? [`[Specification](${rule.spec})`] : [])].join(' · '),
      ].join('\n\n'),
    },
    // helpUri must be an absolute URI; a repository-relative path would not be one.
    ...(docsBaseUrl ? { helpUri: docs } : {}),
    defaultConfiguration: { level: LEVEL_FOR[rule.severity] },
    properties: { tags: [rule.category], category: rule.category, fix: fixKind(rule), fixAvailable: fixAvailable(rule.id) },
  };
}

/**
 * Every catalogue rule, in catalogue order, then a minimal descriptor for any
 * finding whose rule is missing from the catalogue, so `ruleIndex` is always valid.
 */
function ruleDescriptors(rules: readonly RuleMeta[], findings: readonly Finding[], docsBaseUrl: string | undefined) {
  const known = new Set<string>();
  const descriptors = [];
  for (const rule of rules) {
    if (known.has(rule.id)) continue;
    known.add(rule.id);
    descriptors.push(ruleDescriptor(rule, docsBaseUrl));
  }
  const missing = new Map<string, Finding>();
  for (const f of findings) if (!known.has(f.ruleId) && !missing.has(f.ruleId)) missing.set(f.ruleId, f);
  for (const [id, f] of [...missing].sort(([a], [b]) => (a < b ? -1 : 1))) {
    descriptors.push(ruleDescriptor(syntheticRule(id, f.category, f.severity, f.fix), docsBaseUrl));
  }
  return descriptors;
}

function syntheticRule(id: string, category: Category, severity: Severity, fix: Finding['fix']): RuleMeta {
  return { id, category, severity, fix, summary: `Reported by ${id}`, messages: {}, spec: '' };
}

function artifactLocation(root: string, file: string): ArtifactLocation {
  const relative = isAbsolutePath(root) || isAbsolutePath(file) ? undefined : ciPath(root, file);
  // SARIF: an absolute URI must not carry a uriBaseId (§3.4.4).
  if (relative === undefined) return { uri: fileUri(ciPath(root, file)) };
  return { uri: encodeUriPath(relative), uriBaseId: SRCROOT };
}

function region(line: number | undefined, column?: number, endLine?: number, endColumn?: number): Region | undefined {
  const valid = (n: number | undefined): n is number => n !== undefined && Number.isInteger(n) && n >= 1;
  if (!valid(line)) return undefined;
  return {
    startLine: line,
    ...(valid(column) ? { startColumn: column } : {}),
    ...(valid(endLine) && endLine >= line ? { endLine } : {}),
    ...(valid(endColumn) && valid(endLine) && endLine >= line ? { endColumn } : {}),
  };
}

function physicalLocation(root: string, file: string, where?: Region): PhysicalLocation {
  return { artifactLocation: artifactLocation(root, file), ...(where ? { region: where } : {}) };
}

function result(f: Finding, root: string, ruleIndex: ReadonlyMap<string, number>) {
  const site = physicalLocation(root, f.file, region(f.line, f.column, f.endLine, f.endColumn));
  return {
    ruleId: f.ruleId,
    ruleIndex: ruleIndex.get(f.ruleId) ?? -1,
    level: LEVEL_FOR[f.severity],
    message: { text: f.message },
    locations: [{ physicalLocation: site }],
    partialFingerprints: { [FINGERPRINT_KEY]: f.fingerprint },
    ...(f.chain && f.chain.length > 0 ? { codeFlows: [codeFlow(f, root, site)] } : {}),
    ...(f.suppressed ? { suppressions: [{ kind: 'inSource', status: 'accepted', justification: f.suppressed.reason }] } : {}),
    properties: { category: f.category, fix: f.fix, fixAvailable: f.fix !== 'manual' && fixAvailable(f.ruleId) },
  };
}

/** The analysis chain as a code flow: each step (located when it names `(file:line)`), then the finding. */
function codeFlow(f: Finding, root: string, site: PhysicalLocation) {
  const steps = (f.chain ?? []).map((step) => {
    const at = parseChainStepLocation(step);
    const message: Message = { text: step };
    return {
      location: at
        ? { physicalLocation: physicalLocation(root, at.file, region(at.line, at.column)), message }
        : { message },
    };
  });
  return {
    message: { text: `How the analysis reached ${f.ruleId}` },
    threadFlows: [{ locations: [...steps, { location: { physicalLocation: site, message: { text: f.message } } }] }],
  };
}

function notification(d: FileDiagnostic, root: string) {
  return {
    level: DIAGNOSTIC_LEVEL[d.kind],
    message: { text: `${d.file}: ${d.message}` },
    descriptor: { id: d.kind },
    locations: [{ physicalLocation: physicalLocation(root, d.file, region(d.line, d.column)) }],
  };
}
