/**
 * Runs the rules over the analysis model (`analyze()`): every rule's visitors in one walk of
 * each file, then their `end()`; turns each report into a `RawFinding` and lets a marker left
 * by `apply` stand for the finding it marks.
 */
import { ts } from '../typescript.js';
import type { FileDiagnostic, Finding, Severity } from '../model.js';
import { analyze, internalError, type AnalysisInput } from '../analysis/analyze.js';
import { forEachDescendant, isFunctionLike, lineOf } from '../analysis/ast.js';
import { handlerContextIndex } from '../analysis/handler-registrations.js';
import { markedSpans, markingSpan, parseMarkers } from '../markers.js';
import { endpointRoutesElsewhere, sessionfulEndpointParts } from '../analysis/sessionful-endpoint.js';
import type { Analysis } from '../analysis/model.js';
import type { Rule, RuleContext, ReportDescriptor, VisitorMap } from './rule.js';
import { timed } from '../timing.js';

export interface EngineInput extends AnalysisInput {
  rules: readonly Rule[];
}

/** A finding before it is enriched with rule metadata and a fingerprint. */
export interface RawFinding extends Pick<Finding, 'file' | 'line' | 'column' | 'endLine' | 'endColumn' | 'message' | 'chain'> {
  rule: Rule;
  /** Which of the rule's message templates was used (tests assert on it, as typescript-eslint does). */
  messageId: string;
  /** The text of the flagged line (for baseline fingerprints). */
  lineText: string;
  /** Overrides the rule's severity: a marker left by `apply` is an error whatever its rule, so CI stays red. */
  severity?: Severity;
  /** On a marker: the findings it is reported in place of (`Finding.replaces`). */
  replaces?: Array<{ ruleId: string; line: number }>;
  /** This site's fix where it is not the rule's (`ReportDescriptor.fix`). */
  fix?: 'manual';
}

export interface EngineResult {
  findings: RawFinding[];
  diagnostics: FileDiagnostic[];
  filesAnalyzed: number;
}

export function runEngine(input: EngineInput): EngineResult {
  const { analysis, sourceFiles, diagnostics } = timed('analyze', () => analyze(input));
  const analyzable = new Set(sourceFiles);

  const findings: RawFinding[] = [];
  const seen = new Set<string>();
  /** Visitors by syntax kind (an array indexed by kind: one lookup per node of every file). */
  const listeners: Array<Array<(node: ts.Node) => void> | undefined> = [];
  const ends: Array<() => void> = [];
  let currentFile: ts.SourceFile | undefined;

  for (const rule of input.rules) {
    const context: RuleContext = {
      analysis,
      report: (descriptor) => {
        if (!analyzable.has(descriptor.node.getSourceFile())) return;
        const finding = toRawFinding(rule, descriptor, input.relative);
        // One site per line: the same rule saying the same thing twice on a line is one site seen twice
        // (a guard and the read it guards: `!s.clientCapabilities || !s.clientCapabilities.sampling`).
        const at = `${rule.meta.id}\0${finding.file}\0${finding.line}\0${finding.column}`;
        const said = `${rule.meta.id}\0${finding.file}\0${finding.line}\0${finding.message}`;
        if (seen.has(at) || seen.has(said)) return;
        seen.add(at).add(said);
        findings.push(finding);
      },
      currentFile: () => currentFile,
    };
    const listener = rule.create(context);
    for (const [kind, visit] of Object.entries(listener.visitors ?? ({} as VisitorMap))) {
      (listeners[Number(kind)] ??= []).push(visit as (node: ts.Node) => void);
    }
    if (listener.end) ends.push(() => listener.end!());
  }

  timed('rules: visitors', () => {
    for (const sf of sourceFiles) {
      currentFile = sf;
      try {
        forEachDescendant(sf, (node) => {
          const visitors = listeners[node.kind];
          if (visitors) for (const visit of visitors) visit(node);
        });
      } catch (error) {
        diagnostics.push(internalError(input.relative(sf.fileName), error));
      }
    }
  });
  currentFile = undefined;
  timed('rules: end', () => {
    for (const end of ends) {
      try {
        end();
      } catch (error) {
        diagnostics.push(internalError('.', error));
      }
    }
  });

  // A marker replaces the findings it marks (markers.ts, `markedSpans`; a serving decision, its endpoint's): each site is reported once.
  const replacedByMarker = findingsMarked(analysis, sourceFiles, findings, input.rules, input.relative);
  const reported = findings.filter((f) => !replacedByMarker.has(f));
  // The marker keeps the identity of the finding it replaces (the flagged line's text, for baseline
  // fingerprints and report excerpts), so a baselined site stays excused once apply has marked it.
  const replacedLineText = new Map<string, RawFinding>();
  for (const [finding, marker] of replacedByMarker) {
    if (marker.file !== finding.file) continue;
    const key = `${finding.file}\0${marker.line}\0${finding.rule.meta.id}`;
    const first = replacedLineText.get(key);
    if (!first || finding.line < first.line || (finding.line === first.line && finding.column < first.column)) replacedLineText.set(key, finding);
  }
  const standsFor = new Map<string, Array<{ ruleId: string; line: number; file?: string }>>();
  for (const [finding, marker] of replacedByMarker) {
    const key = `${marker.file}\0${marker.line}`;
    // A finding of another file (a route registration handing the marked endpoint's handler on) names its file.
    standsFor.set(key, [...(standsFor.get(key) ?? []), { ruleId: finding.rule.meta.id, line: finding.line, ...(finding.file !== marker.file ? { file: finding.file } : {}) }]);
  }
  for (const sf of sourceFiles) {
    for (const marker of markerFindings(sf.fileName, sf.text, input.rules, input.relative)) {
      const replaced = replacedLineText.get(`${marker.file}\0${marker.line}\0${marker.rule.meta.id}`);
      const replaces = standsFor.get(`${marker.file}\0${marker.line}`)?.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line || a.ruleId.localeCompare(b.ruleId));
      reported.push({ ...marker, ...(replaced ? { lineText: replaced.lineText } : {}), ...(replaces ? { replaces } : {}) });
    }
  }
  return { findings: reported, diagnostics, filesAnalyzed: sourceFiles.length };
}

/**
 * The findings a marker stands for, each with the marker's line: those of its rule in the statement it marks
 * (markers.ts, `markingSpan`), and, for a marker whose rule records a decision about sessionful serving code
 * (`meta.markerStandsFor`: a kept HTTP+SSE endpoint, a gateway, a registry or a per-session server left as it
 * is), those of the named categories in that statement and anywhere in the endpoint it belongs to
 * (analysis/sessionful-endpoint.ts), except inside the request handlers registered there (a tool of a server built in
 * the route). A finding two endpoint markers could stand for goes to the nearer one.
 */
function findingsMarked(analysis: Analysis, sourceFiles: readonly ts.SourceFile[], findings: readonly RawFinding[], rules: readonly Rule[], relative: (abs: string) => string): Map<RawFinding, { file: string; line: number }> {
  const marked = new Map<RawFinding, { file: string; line: number }>();
  const byFile = new Map<string, RawFinding[]>();
  for (const finding of findings) {
    const list = byFile.get(finding.file);
    if (list) list.push(finding);
    else byFile.set(finding.file, [finding]);
  }
  // The endpoint markers of every file first: an endpoint's routes may be registered in another file (a
  // router module mounting the handler it imports), where the marker stands for their findings too.
  const spansOf = new Map<ts.SourceFile, ReturnType<typeof markedSpans>>();
  const endpoints: Array<{ file: string; markerLine: number; endLine: number; covers: Set<string>; lines: Map<string, Array<readonly [number, number]>>; handlers: Map<string, Array<readonly [number, number]>> }> = [];
  for (const sf of sourceFiles) {
    const spans = byFile.has(relative(sf.fileName)) || sf.text.includes('@mcp-migrate-todo') ? markedSpans(sf) : [];
    if (spans.length === 0) continue;
    spansOf.set(sf, spans);
    for (const span of spans) {
      const covers = rules.find((r) => r.meta.id === span.ruleId)?.meta.markerStandsFor;
      if (!covers?.length || !span.statement) continue;
      const own = [span.statement, ...sessionfulEndpointParts(analysis, sf, span.statement)];
      const lines = new Map<string, Array<readonly [number, number]>>();
      // Request handlers registered inside the endpoint's code (a tool of a server built in the route): what they do
      // with session ids is the application's state question, not the endpoint's serving decision.
      const handlers = new Map<string, Array<readonly [number, number]>>();
      const rangeIn = (into: Map<string, Array<readonly [number, number]>>, node: ts.Node) => {
        const file = node.getSourceFile();
        const key = relative(file.fileName);
        const range = [file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, file.getLineAndCharacterOfPosition(node.getEnd()).line + 1] as const;
        into.set(key, [...(into.get(key) ?? []), range]);
      };
      const add = (node: ts.Node) => {
        rangeIn(lines, node);
        forEachDescendant(node, (inner) => {
          if (isFunctionLike(inner) && handlerContextIndex(analysis.values, inner)) rangeIn(handlers, inner);
        });
      };
      own.forEach(add);
      endpointRoutesElsewhere(analysis, sf, own, sourceFiles).forEach(add);
      endpoints.push({ file: relative(sf.fileName), markerLine: span.markerLine, endLine: span.endLine, covers: new Set(covers), lines, handlers });
    }
  }
  for (const sf of sourceFiles) {
    const file = relative(sf.fileName);
    const mine = byFile.get(file);
    if (!mine) continue;
    const spans = spansOf.get(sf) ?? [];
    for (const finding of mine) {
      const own = markingSpan({ ruleId: finding.rule.meta.id, line: finding.line }, spans);
      if (own) {
        marked.set(finding, { file, line: own.markerLine });
        continue;
      }
      let nearest: { file: string; markerLine: number; distance: number } | undefined;
      for (const endpoint of endpoints) {
        const ranges = endpoint.lines.get(file);
        if (!ranges || !endpoint.covers.has(finding.rule.meta.category) || !ranges.some(([start, end]) => start <= finding.line && finding.line <= end)) continue;
        if (endpoint.handlers.get(file)?.some(([start, end]) => start <= finding.line && finding.line <= end)) continue;
        // A marker in the finding's own file is nearer than any in another file.
        const distance = endpoint.file !== file ? Number.MAX_SAFE_INTEGER : finding.line < endpoint.markerLine ? endpoint.markerLine - finding.line : Math.max(0, finding.line - endpoint.endLine);
        if (!nearest || distance < nearest.distance) nearest = { file: endpoint.file, markerLine: endpoint.markerLine, distance };
      }
      if (nearest) marked.set(finding, { file: nearest.file, line: nearest.markerLine });
    }
  }
  return marked;
}

/**
 * Every marker is a finding of the rule it names, so CI stays red until a person resolves it
 * (design.md, "Markers"). Markers naming a rule this version does not know are ignored.
 */
export function markerFindings(fileName: string, text: string, rules: readonly Rule[], relative: (abs: string) => string): RawFinding[] {
  const out: RawFinding[] = [];
  const lineStarts = [0];
  for (const marker of parseMarkers(text)) {
    const rule = rules.find((r) => r.meta.id === marker.ruleId);
    if (!rule) continue;
    if (lineStarts.length === 1) for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= marker.offset) line++;
    const column = marker.offset - lineStarts[line]!;
    const lineEnd = text.indexOf('\n', marker.offset);
    out.push({
      rule,
      messageId: 'marker',
      file: relative(fileName),
      line: line + 1,
      column: column + 1,
      endLine: line + 1,
      endColumn: text.slice(lineStarts[line]!, lineEnd < 0 ? undefined : lineEnd).trimEnd().length + 1,
      message: `Left by \`mcp-migrate apply\`, still to do: ${marker.message || rule.meta.summary}`,
      lineText: marker.lineText,
      severity: 'error',
    });
  }
  return out;
}

function toRawFinding(rule: Rule, descriptor: ReportDescriptor, relative: (abs: string) => string): RawFinding {
  const template = rule.meta.messages[descriptor.messageId];
  if (template === undefined) throw new Error(`${rule.meta.id}: unknown messageId '${descriptor.messageId}'`);
  const sf = descriptor.node.getSourceFile();
  const start = sf.getLineAndCharacterOfPosition(descriptor.node.getStart(sf));
  const end = sf.getLineAndCharacterOfPosition(descriptor.node.getEnd());
  let message = template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => descriptor.data?.[key] ?? '');
  const chain = descriptor.hops?.length
    ? descriptor.hops.map((hop) => `${hop.text} (${relative(hop.node.getSourceFile().fileName)}:${lineOf(hop.node)})`)
    : undefined;
  // The message carries the whole path with locations (every format shows the message); `chain`
  // has the same steps as data, for SARIF code flows and other tools.
  if (chain) message += ` Reached via: ${chain.join(' → ')}.`;
  const lineStart = sf.getPositionOfLineAndCharacter(start.line, 0);
  const lineEnd = sf.getLineEndOfPosition(lineStart);
  return {
    rule,
    messageId: descriptor.messageId,
    file: relative(sf.fileName),
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
    message,
    chain,
    lineText: sf.text.slice(lineStart, lineEnd),
    ...(descriptor.fix ? { fix: descriptor.fix } : {}),
  };
}
