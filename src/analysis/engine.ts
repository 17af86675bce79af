/**
 * Runs the rules over a set of source files that can involve MCP.
 *
 * One compiler program holds exactly the files we were given, served from memory
 * (nothing else is read from disk: no lib files, no node_modules). Module
 * resolution between them goes through the project's own resolver (relative paths,
 * tsconfig `paths`), so the checker can follow imports across files for scope lookup
 * while SDK specifiers stay unresolved and are recognised by name.
 */
import path from 'node:path';
import { ts } from './typescript.js';
import type { ResolveFn } from '../discovery/resolve.js';
import type { FileDiagnostic, Finding, Severity } from '../model.js';
import type { Analysis, Rule, RuleContext, ReportDescriptor, VisitorMap } from '../rules/rule.js';
import { ToolReach } from './reach.js';
import { collectToolRegistrations, type ToolRegistration } from './tools.js';
import { collectHandleFamilies, type HandleFamily } from './handles.js';
import { forEachDescendant, lineOf } from './ast.js';
import { markedSpans, markingSpan, parseMarkers } from '../markers.js';
import { SdkSymbols } from './sdk-symbols.js';
import { SessionFlow } from './session-flow.js';
import { ValueAnalysis } from './values.js';
import { parse, type ParsedFiles } from './parsed-files.js';


export interface EngineInput {
  /** Absolute path → text of every file to load (MCP files and the helpers they import). */
  files: ReadonlyMap<string, string>;
  resolve: ResolveFn;
  /** Modules outside the scanned paths loaded only so that symbols resolve through them (never analysed or reported). */
  contextFiles?: ReadonlyMap<string, string>;
  /** Project modules that stand for a package module (vendored SDK, a framework's own source): absolute path → specifier. */
  packageModules?: ReadonlyMap<string, string>;
  rules: readonly Rule[];
  /** Turns an absolute path into the report's relative path. */
  relative(absPath: string): string;
  /** Files parsed by an earlier analysis in this run: those whose text is unchanged are not parsed again. */
  parsed?: ParsedFiles;
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
}

export interface EngineResult {
  findings: RawFinding[];
  diagnostics: FileDiagnostic[];
  filesAnalyzed: number;
}

const EXTENSIONS: Record<string, ts.Extension> = {
  '.ts': ts.Extension.Ts,
  '.tsx': ts.Extension.Tsx,
  '.mts': ts.Extension.Mts,
  '.cts': ts.Extension.Cts,
  '.js': ts.Extension.Js,
  '.jsx': ts.Extension.Jsx,
  '.mjs': ts.Extension.Mjs,
  '.cjs': ts.Extension.Cjs,
};

/** What `analyze()` hands to rules and transforms: the analysis model plus the files it covers. */
export interface AnalysisResult {
  analysis: Analysis;
  /** Files that parsed and were analysed. */
  sourceFiles: ts.SourceFile[];
  diagnostics: FileDiagnostic[];
  relative(absPath: string): string;
}

/**
 * Builds the analysis model once: SDK symbols, values, the session id's flow, tool
 * registrations, and session-keyed stores with every tool that reaches each access.
 * `runEngine` runs the rules over it; `apply` plans its transforms from it.
 */
export function analyze(input: Omit<EngineInput, 'rules'>): AnalysisResult {
  const program = createProgram(input);
  const checker = program.getTypeChecker();
  const diagnostics: FileDiagnostic[] = [];
  const sourceFiles: ts.SourceFile[] = [];
  for (const absPath of input.files.keys()) {
    const sf = program.getSourceFile(standardized(absPath));
    if (!sf) continue;
    const syntax = program.getSyntacticDiagnostics(sf);
    // A file with syntax errors is analysed as far as TypeScript's error-tolerant parser
    // recovers (a valid `oninitialized` next to a typo is still found); the diagnostic says
    // its findings may be incomplete.
    if (syntax.length > 0) diagnostics.push(parseDiagnostic(input.relative(absPath), sf, syntax[0]!));
    sourceFiles.push(sf);
  }

  const packageModules = input.packageModules;
  const sdk = new SdkSymbols(
    checker,
    (from, spec) => {
      const target = input.resolve(from, spec);
      return target ? program.getSourceFile(target) : undefined;
    },
    packageModules?.size
      ? (from, spec) => {
          if (!spec.startsWith('.') && !spec.startsWith('/')) return undefined;
          const target = input.resolve(from, spec);
          return target ? packageModules.get(target) : undefined;
        }
      : undefined,
    sourceFiles,
  );
  const values = new ValueAnalysis(checker, sdk, sourceFiles);
  const sessions = new SessionFlow(values, sourceFiles);
  sessions.run();
  for (const failure of sessions.failures) diagnostics.push(internalError(input.relative(failure.file), failure.error));
  let tools: ToolRegistration[] = [];
  try {
    tools = collectToolRegistrations(values, sourceFiles);
  } catch (error) {
    diagnostics.push(internalError('.', error));
  }
  const reach = new ToolReach(values, tools);
  const stores = reach.storeModels(sessions);
  // Only the handle-hygiene rules read handles: `apply` and scans without them never pay for it.
  let handles: readonly HandleFamily[] | undefined;
  const analysis: Analysis = {
    sdk,
    values,
    sessions,
    tools,
    reach,
    stores,
    get handles() {
      if (!handles) {
        try {
          handles = collectHandleFamilies(values, tools);
        } catch (error) {
          handles = [];
          diagnostics.push(internalError('.', error));
        }
      }
      return handles;
    },
  };
  return { analysis, sourceFiles, diagnostics, relative: input.relative };
}

// A rule that throws on one file (a bug of ours, or code no one anticipated) costs that
// file's findings, not the scan: it becomes a diagnostic and the rest goes on.
function internalError(file: string, error: unknown): FileDiagnostic {
  return { file, kind: 'analysis-error', message: `mcp-migrate could not analyse this (please report): ${(error as Error)?.message ?? String(error)}` };
}

export function runEngine(input: EngineInput): EngineResult {
  const { analysis, sourceFiles, diagnostics } = analyze(input);
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
        const key = `${rule.meta.id}\0${finding.file}\0${finding.line}\0${finding.column}`;
        if (seen.has(key)) return;
        seen.add(key);
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
  currentFile = undefined;
  for (const end of ends) {
    try {
      end();
    } catch (error) {
      diagnostics.push(internalError('.', error));
    }
  }

  // A marker replaces the finding it marks (markers.ts, `markedSpans`): each site is reported once.
  const replacedByMarker = findingsMarkedInPlace(sourceFiles, findings, input.relative);
  const reported = findings.filter((f) => !replacedByMarker.has(f));
  // The marker keeps the identity of the finding it replaces (the flagged line's text, for baseline
  // fingerprints and report excerpts), so a baselined site stays excused once apply has marked it.
  const replacedLineText = new Map<string, RawFinding>();
  for (const [finding, markerLine] of replacedByMarker) {
    const key = `${finding.file}\0${markerLine}\0${finding.rule.meta.id}`;
    const first = replacedLineText.get(key);
    if (!first || finding.line < first.line || (finding.line === first.line && finding.column < first.column)) replacedLineText.set(key, finding);
  }
  for (const sf of sourceFiles) {
    for (const marker of markerFindings(sf.fileName, sf.text, input.rules, input.relative)) {
      const replaced = replacedLineText.get(`${marker.file}\0${marker.line}\0${marker.rule.meta.id}`);
      reported.push(replaced ? { ...marker, lineText: replaced.lineText } : marker);
    }
  }
  return { findings: reported, diagnostics, filesAnalyzed: sourceFiles.length };
}

/** The findings that lie in a statement a marker of their rule marks, each with the marker's line. */
function findingsMarkedInPlace(sourceFiles: readonly ts.SourceFile[], findings: readonly RawFinding[], relative: (abs: string) => string): Map<RawFinding, number> {
  const marked = new Map<RawFinding, number>();
  for (const sf of sourceFiles) {
    const spans = markedSpans(sf);
    if (spans.length === 0) continue;
    const file = relative(sf.fileName);
    for (const finding of findings) {
      if (finding.file !== file) continue;
      const span = markingSpan({ ruleId: finding.rule.meta.id, line: finding.line }, spans);
      if (span) marked.set(finding, span.markerLine);
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

/**
 * The program over exactly the given files, built with the compiler API (no ts-morph wrapper, no
 * file system): each file is parsed once (or reused from `input.parsed` when its text is unchanged), as ts-morph's in-memory project did it (target ESNext,
 * script kind by extension, file names with forward slashes), and module
 * names resolve through `input.resolve` to files of the set only.
 */
function createProgram(input: Omit<EngineInput, 'rules'>): ts.Program {
  const options: ts.CompilerOptions = {
    allowJs: true,
    checkJs: false,
    noLib: true,
    types: [],
    jsx: ts.JsxEmit.Preserve,
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const byName = new Map<string, ts.SourceFile>();
  const directories = new Set<string>(['/']);
  for (const [absPath, text] of [...input.files, ...(input.contextFiles ?? [])]) {
    const fileName = standardized(absPath);
    const kind = scriptKindOf(absPath);
    byName.set(fileName, input.parsed ? input.parsed.get(fileName, text, kind) : parse(fileName, text, kind));
    for (let dir = path.posix.dirname(fileName); !directories.has(dir); dir = path.posix.dirname(dir)) directories.add(dir);
  }
  const host: ts.CompilerHost = {
    getSourceFile: (fileName) => byName.get(standardized(fileName)),
    getDefaultLibFileName: () => '/node_modules/typescript/lib/lib.d.ts',
    writeFile: () => undefined,
    getCurrentDirectory: () => '/',
    getDirectories: () => [],
    fileExists: (fileName) => byName.has(standardized(fileName)),
    readFile: (fileName) => byName.get(standardized(fileName))?.text,
    directoryExists: (dir) => directories.has(standardized(dir).replace(/(.)\/$/, '$1')),
    getCanonicalFileName: standardized,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    resolveModuleNames: (moduleNames, containingFile) =>
      moduleNames.map((name) => {
        const target = input.resolve(containingFile, name);
        if (!target || !(input.files.has(target) || input.contextFiles?.has(target))) return undefined;
        return { resolvedFileName: standardized(target), extension: EXTENSIONS[path.extname(target)] ?? ts.Extension.Ts, isExternalLibraryImport: false };
      }),
  };
  return ts.createProgram([...byName.keys()], options, host);
}

/** The file name the program knows a file by: forward slashes (as ts-morph standardised paths). */
function standardized(fileName: string): string {
  return fileName.replace(/\\/g, '/');
}

function scriptKindOf(absPath: string): ts.ScriptKind {
  switch (path.extname(absPath)) {
    case '.tsx':
      return ts.ScriptKind.TSX;
    case '.jsx':
      return ts.ScriptKind.JSX;
    case '.js':
    case '.mjs':
    case '.cjs':
      return ts.ScriptKind.JS;
    default:
      return ts.ScriptKind.TS;
  }
}

function parseDiagnostic(file: string, sf: ts.SourceFile, diagnostic: ts.Diagnostic): FileDiagnostic {
  const position = sf.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  return {
    file,
    kind: 'parse-error',
    message: `Syntax error: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
    line: position.line + 1,
    column: position.character + 1,
  };
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
  };
}
