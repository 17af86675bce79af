/**
 * A realistic scan of a small v1 Streamable HTTP server (cart + notes tools),
 * with rule metadata as the catalogue defines it. Findings are deliberately
 * NOT in report order, so reporters are tested on sorting them.
 */
import { SCHEMA_VERSION, ruleDocPath, summarize, type Finding, type RuleMeta, type ScanReport } from '../../src/model.js';
import { RULE_METAS } from '../../src/rules/index.js';

const SPEC = 'https://modelcontextprotocol.io/specification/2026-07-28';

/** Real catalogue metadata for the rules the sample uses (so reporters are tested on what users get). */
const CATALOGUE_IDS = [
  'session-transport/session-id-generator',
  'session-transport/transport-registry',
  'session-transport/session-header',
  'session-state/session-id-read',
  'session-state/keyed-store',
  'session-state/session-telemetry',
  'handshake/client-capabilities',
  'deprecated-feature/logging',
  'server-push/elicitation',
];

export const SAMPLE_RULES: readonly RuleMeta[] = [
  ...CATALOGUE_IDS.map((id) => {
    const meta = RULE_METAS.find((m) => m.id === id);
    if (!meta) throw new Error(`sample rule ${id} is not in the catalogue`);
    return meta;
  }),
  {
    // The catalogue's rule of this id is a warning; the sample keeps it at `info`
    // so that it covers the sixth category and the `info` severity.
    id: 'handle-hygiene/guessable-handle',
    category: 'handle-hygiene',
    severity: 'info',
    fix: 'manual',
    summary: 'A handle minted from a counter, `Math.random()` or a timestamp',
    messages: { guessable: 'Handle `{{name}}` is guessable; mint it from a CSPRNG with at least 128 bits.' },
    spec: `${SPEC}/server/tools`,
  },
];

/** A finding with the defaults of its catalogue rule filled in. */
export function makeFinding(
  overrides: Partial<Finding> & Pick<Finding, 'ruleId' | 'file' | 'line' | 'column' | 'message'>,
): Finding {
  const rule = SAMPLE_RULES.find((r) => r.id === overrides.ruleId);
  const base: Finding = {
    ruleId: overrides.ruleId,
    category: rule?.category ?? 'session-state',
    severity: rule?.severity ?? 'error',
    file: overrides.file,
    line: overrides.line,
    column: overrides.column,
    endLine: overrides.line,
    endColumn: overrides.column + 10,
    message: overrides.message,
    fix: rule?.fix ?? 'manual',
    docs: ruleDocPath(overrides.ruleId),
    fingerprint: `fp-${overrides.ruleId.replace(/\W/g, '-')}-${overrides.file.replace(/\W/g, '-')}-${overrides.line}`,
  };
  return { ...base, ...overrides };
}

const SAMPLE_FINDINGS: readonly Finding[] = [
  makeFinding({
    ruleId: 'session-state/session-id-read',
    file: 'src/cart-store.ts',
    line: 8,
    column: 25,
    endColumn: 34,
    message:
      'The MCP session id is undefined on 2026-07-28 requests (key of `carts`). State that spans calls must travel as an explicit handle argument the model passes back; identity must come from `authInfo`.',
    chain: [
      "registerTool('add_item') callback parameter `extra` (src/tools/cart.ts:14)",
      'getCart(extra) (src/tools/cart.ts:17)',
    ],
    fingerprint: '9f2c41d07be35a10',
  }),
  makeFinding({
    ruleId: 'session-transport/session-id-generator',
    file: 'src/server.ts',
    line: 31,
    column: 7,
    endColumn: 25,
    message:
      'Transport is sessionful: `sessionIdGenerator` mints an `Mcp-Session-Id`, which 2026-07-28 removed. Serve with `createMcpHandler(buildServer)` + `toNodeHandler` instead.',
    fingerprint: '1b7e0c55f3a9d842',
  }),
  makeFinding({
    ruleId: 'session-transport/transport-registry',
    file: 'src/server.ts',
    line: 12,
    column: 7,
    endColumn: 17,
    message:
      '`transports` routes requests to a transport per session id; 2026-07-28 has no sessions, so every request is served by a fresh per-request handler. Replace the registry and its routing with `createMcpHandler`.',
    fingerprint: 'c03d9a6e21f04b77',
  }),
  makeFinding({
    ruleId: 'session-transport/session-header',
    file: 'src/server.ts',
    line: 24,
    column: 37,
    endColumn: 53,
    message: 'Reads the `Mcp-Session-Id` header; 2026-07-28 servers ignore it and never mint or echo one.',
    fingerprint: '77a1e2b9c6d30f18',
  }),
  makeFinding({
    ruleId: 'session-state/keyed-store',
    file: 'src/cart-store.ts',
    line: 3,
    column: 14,
    endColumn: 19,
    message:
      '`carts` is keyed by the MCP session id, which does not exist on 2026-07-28. Re-key it by an explicit handle (`<noun>_id` minted by a `create_<noun>` tool) checked against the caller on every call.',
    fingerprint: 'e5b80f3a7c1d9264',
  }),
  makeFinding({
    ruleId: 'session-state/session-telemetry',
    file: 'src/logging.ts',
    line: 5,
    column: 42,
    endColumn: 51,
    message:
      'The MCP session id is logged (argument of `logger.info`) but is undefined on 2026-07-28; correlate by request id (`ctx.mcpReq.id`) or the authenticated principal instead.',
    fingerprint: '3c6f1a9e08b2d475',
  }),
  makeFinding({
    ruleId: 'handshake/client-capabilities',
    file: 'src/server.ts',
    line: 48,
    column: 30,
    endColumn: 51,
    message:
      '`getClientCapabilities()` reads capabilities negotiated once in `initialize`; on 2026-07-28 each request declares its own in `_meta` (read `ctx.mcpReq.envelope`), and servers must not infer them from earlier requests. Register tools unconditionally.',
    fingerprint: 'a4d2e8f6109b37c5',
  }),
  makeFinding({
    ruleId: 'deprecated-feature/logging',
    file: 'src/tools/notes.ts',
    line: 21,
    column: 18,
    endColumn: 36,
    message:
      '`sendLoggingMessage()` is deprecated and silently dropped on 2026-07-28 unless the request asked for a log level; inside a handler use `ctx.mcpReq.log(...)`, elsewhere log to stderr or OpenTelemetry.',
    fingerprint: '5e9b03c7d2a18f46',
  }),
  makeFinding({
    ruleId: 'server-push/elicitation',
    file: 'src/tools/notes.ts',
    line: 33,
    column: 34,
    endColumn: 45,
    message: '`elicitInput()` sends a server→client request, which throws on a 2026-07-28 request.',
    fingerprint: 'b81f6d4e2c07a93d',
  }),
  makeFinding({
    ruleId: 'handle-hygiene/guessable-handle',
    file: 'src/handles.ts',
    line: 4,
    column: 20,
    endColumn: 33,
    message: 'Handle `noteId` is guessable; mint it from a CSPRNG with at least 128 bits.',
    fingerprint: '0d7c3b9a5e2f1864',
  }),
];

/** Build a report from findings; the summary is computed the way the scanner does it. */
export function makeReport(findings: readonly Finding[], overrides: Partial<ScanReport> = {}): ScanReport {
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'mcp-migrate', version: '0.1.0' },
    command: 'scan',
    root: '.',
    summary: summarize(findings, 42, 9),
    findings: [...findings],
    diagnostics: [],
    ...overrides,
  };
}

export const SAMPLE_REPORT: ScanReport = makeReport(SAMPLE_FINDINGS, {
  summary: { ...summarize(SAMPLE_FINDINGS, 42, 9), baselined: 2 },
  diagnostics: [
    { file: 'src/legacy/broken.ts', kind: 'parse-error', message: "')' expected.", line: 12, column: 9 },
    { file: 'assets/bundle.min.js', kind: 'too-large', message: 'Skipped: 3.2 MB is over the 1 MB limit.' },
  ],
  durationMs: 812,
});

/** A report with nothing to say. */
export const EMPTY_REPORT: ScanReport = makeReport([]);
