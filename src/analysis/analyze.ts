/**
 * Builds the analysis model over a set of source files that can involve MCP.
 *
 * One compiler program holds exactly the files we were given, served from memory
 * (nothing else is read from disk: no lib files, no node_modules). Module
 * resolution between them goes through the project's own resolver (relative paths,
 * tsconfig `paths`), so the checker can follow imports across files for scope lookup
 * while SDK specifiers stay unresolved and are recognised by name.
 */
import path from 'node:path';
import { ts } from '../typescript.js';
import { declarationFileCandidates, type ResolveFn } from '../discovery/resolve.js';
import type { DependencyMajorFn } from '../discovery/packages.js';
import type { FileDiagnostic } from '../model.js';
import type { Analysis, AnalysisResult } from './model.js';
import { ToolReach, type StoreModel } from './reach.js';
import { collectToolRegistrations, type ToolRegistration } from './tools.js';
import { collectHandleFamilies, type HandleFamily } from './handles.js';
import { toolSetGlobals, type ToolSetGlobal } from './tool-set-globals.js';
import { SdkFeatures } from './sdk-features.js';
import { SdkSymbols } from './sdk-symbols.js';
import { SessionFlow } from './session-flow.js';
import { ValueAnalysis } from './values.js';
import { parse, type ParsedFiles } from './parsed-files.js';
import { timed } from '../timing.js';

export interface AnalysisInput {
  /** Absolute path → text of every file to load (MCP files and the helpers they import). */
  files: ReadonlyMap<string, string>;
  resolve: ResolveFn;
  /** Modules outside the scanned paths loaded only so that symbols resolve through them (never analysed or reported). */
  contextFiles?: ReadonlyMap<string, string>;
  /** Project modules that stand for a package module (vendored SDK, a framework's own source): absolute path → specifier. */
  packageModules?: ReadonlyMap<string, string>;
  /** Turns an absolute path into the report's relative path. */
  relative(absPath: string): string;
  /** Files parsed by an earlier analysis in this run: those whose text is unchanged are not parsed again. */
  parsed?: ParsedFiles;
  /**
   * Which major of a dependency a file's project uses (declared, else installed). A call whose shape is the same in
   * two majors of a framework (`createMcpHandler(init)`) is read by it; without it, such a call is not judged.
   */
  dependencyMajor?: DependencyMajorFn;
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

export interface AnalyzeOptions {
  /**
   * Run the session id's flow (`sessions`, `stores`) and collect the tool registrations (`tools`) when something
   * first reads them rather than now. `apply` plans each transform from a fresh analysis and most transforms never
   * read the flow (the SDK v2 move, the first, reads neither);
   * the rule runner leaves it eager, so a scan evaluates everything in the order it always has.
   */
  deferSessionFlow?: boolean;
}

/**
 * Builds the analysis model once: SDK symbols, values, the session id's flow, tool
 * registrations, and session-keyed stores with every tool that reaches each access.
 * `runEngine` runs the rules over it; `apply` plans its transforms from it.
 */
export function analyze(input: AnalysisInput, options: AnalyzeOptions = {}): AnalysisResult {
  const tooDeep: string[] = [];
  const { program, checker } = boundProgram(input, tooDeep);
  const diagnostics: FileDiagnostic[] = tooDeep.map((absPath) => ({ file: input.relative(absPath), kind: 'analysis-error', message: STACK_RAN_OUT }));
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
    // Context modules' names count too: a scanned file reaches the SDK through their declarations (`extends SSEServerTransport`).
    [...sourceFiles, ...[...(input.contextFiles?.keys() ?? [])].flatMap((absPath) => program.getSourceFile(standardized(absPath)) ?? [])],
  );
  const values = new ValueAnalysis(checker, sdk, sourceFiles, program.getSourceFiles());
  // A deferred flow's failures go where an eager one's would have (after the parse diagnostics), so
  // the diagnostics read the same whenever it runs.
  const flowDiagnosticsAt = diagnostics.length;
  let sessions: SessionFlow | undefined;
  const sessionFlow = (): SessionFlow => {
    if (!sessions) {
      sessions = new SessionFlow(values, sourceFiles).run();
      diagnostics.splice(flowDiagnosticsAt, 0, ...sessions.failures.map((failure) => internalError(input.relative(failure.file), failure.error)));
    }
    return sessions;
  };
  if (!options.deferSessionFlow) sessionFlow();
  // Collected when first read where the flow is deferred (apply: a transform or the judge asks); a scan collects them
  // here, so its diagnostics keep their order.
  let tools: ToolRegistration[] | undefined;
  const toolRegistrations = (): ToolRegistration[] => {
    if (!tools) {
      tools = [];
      try {
        tools = collectToolRegistrations(values, sourceFiles);
      } catch (error) {
        diagnostics.push(internalError('.', error));
      }
    }
    return tools;
  };
  if (!options.deferSessionFlow) toolRegistrations();
  const reach = new ToolReach(values, toolRegistrations);
  let stores: StoreModel[] | undefined;
  const storeModels = (): StoreModel[] => (stores ??= reach.storeModels(sessionFlow()));
  if (!options.deferSessionFlow) storeModels();
  // Built on first read: by the handle-hygiene rules, and by session-state-to-handles for its guessable-handle
  // markers. A scan without those rules never pays for it; on code with no tool taking a `*_id` argument it is
  // near free (bench/results/profile-notes.md: < 0.01% of the analysis on mongodb-mcp-server).
  let handles: readonly HandleFamily[] | undefined;
  let globals: readonly ToolSetGlobal[] | undefined;
  const analysis: Analysis = {
    sdk,
    values,
    get sessions() {
      return sessionFlow();
    },
    get tools() {
      return toolRegistrations();
    },
    reach,
    get stores() {
      return storeModels();
    },
    features: new SdkFeatures({ sdk, values, reach }, sourceFiles),
    dependencyMajor: (fromFile, pkg) => input.dependencyMajor?.(fromFile, pkg),
    get handles() {
      if (!handles) {
        try {
          handles = collectHandleFamilies(values, toolRegistrations());
        } catch (error) {
          handles = [];
          diagnostics.push(internalError('.', error));
        }
      }
      return handles;
    },
    get toolSetGlobals() {
      if (!globals) {
        try {
          globals = toolSetGlobals(values, reach, sourceFiles);
        } catch (error) {
          globals = [];
          diagnostics.push(internalError('.', error));
        }
      }
      return globals;
    },
  };
  return { analysis, sourceFiles, diagnostics, relative: input.relative };
}

// A rule that throws on one file (a bug of ours, or code no one anticipated) costs that
// file's findings, not the scan: it becomes a diagnostic and the rest goes on.
const STACK_RAN_OUT = 'code nested deeper than the parser or binder can follow (the stack ran out on it; generated code?): not analysed, so its findings are missing; exclude it (--exclude, .mcp-migrateignore) if it is not server code';

export function internalError(file: string, error: unknown): FileDiagnostic {
  return { file, kind: 'analysis-error', message: `mcp-migrate could not analyse this (please report): ${(error as Error)?.message ?? String(error)}` };
}

/**
 * The program over exactly the given files, built with the compiler API (no ts-morph wrapper, no
 * file system): each file is parsed once (or reused from `input.parsed` when its text is unchanged, with
 * the module resolutions of the previous program over the same files), as ts-morph's in-memory project did it (target ESNext,
 * script kind by extension, file names with forward slashes), and module
 * names resolve through `input.resolve` to files of the set only.
 */
/** How many files the binder may run out of stack on before the run gives up (each costs one more program). */
const MAX_BIND_RETRIES = 3;

/**
 * The program and its checker. The binder recurses once per level of the syntax tree, and some code the parser
 * follows it cannot (a thousand nested JSX elements: review 40b S40-5): then the file with the deepest tree is left
 * out, named, and the program is built again without it (from fresh parses), a few times at most.
 */
function boundProgram(input: AnalysisInput, tooDeep: string[]): { program: ts.Program; checker: ts.TypeChecker } {
  for (let attempt = 0; ; attempt++) {
    const program = timed('analyze: parse (program)', () => createProgram(input, tooDeep));
    try {
      return { program, checker: timed('analyze: bind (checker)', () => program.getTypeChecker()) };
    } catch (error) {
      // Not with trees shared between analyses (apply): the binder marks a tree bound as it starts on it, so the one it
      // stopped in would be taken for bound by the next program. apply stops instead (cli.ts says why).
      if (!(error instanceof RangeError) || attempt >= MAX_BIND_RETRIES || input.parsed) throw error;
      const deepest = deepestFile(program, input, tooDeep);
      if (!deepest) throw error;
      tooDeep.push(deepest);
    }
  }
}

/** The analysed file with the deepest syntax tree (measured without recursion), not already left out. */
function deepestFile(program: ts.Program, input: AnalysisInput, leftOut: readonly string[]): string | undefined {
  let best: { file: string; depth: number } | undefined;
  for (const absPath of input.files.keys()) {
    if (leftOut.includes(absPath)) continue;
    const sf = program.getSourceFile(standardized(absPath));
    if (!sf) continue;
    let max = 0;
    const stack: Array<[ts.Node, number]> = [[sf, 0]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop()!;
      if (depth > max) max = depth;
      ts.forEachChild(node, (child) => {
        stack.push([child, depth + 1]);
      });
    }
    if (!best || max > best.depth) best = { file: absPath, depth: max };
  }
  return best?.file;
}

function createProgram(input: AnalysisInput, tooDeep: string[]): ts.Program {
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
    if (tooDeep.includes(absPath)) continue;
    const fileName = standardized(absPath);
    const kind = scriptKindOf(absPath);
    let sourceFile: ts.SourceFile;
    try {
      sourceFile = input.parsed ? input.parsed.get(fileName, text, kind) : parse(fileName, text, kind);
    } catch (error) {
      // Code nested past what the parser's recursion can follow without counting as bracket nesting (a ternary chain of
      // thousands, curried arrows: review 40b S40-5): that file is left out, named, and the others are analysed.
      if (!(error instanceof RangeError)) throw error;
      tooDeep.push(absPath);
      continue;
    }
    byName.set(fileName, sourceFile);
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
        // A project declaration file loaded for context answers a specifier no source file does (`./types.js` → types.d.ts).
        const target = input.resolve(containingFile, name) ?? declarationFileCandidates(containingFile, name).find((file) => input.contextFiles?.has(file));
        if (!target || !(input.files.has(target) || input.contextFiles?.has(target))) return undefined;
        const declaration = /\.d\.([cm]?)ts$/.exec(target);
        const extension = declaration ? ({ '': ts.Extension.Dts, m: ts.Extension.Dmts, c: ts.Extension.Dcts } as const)[declaration[1] as '' | 'm' | 'c'] : (EXTENSIONS[path.extname(target)] ?? ts.Extension.Ts);
        return { resolvedFileName: standardized(target), extension, isExternalLibraryImport: false };
      }),
  };
  const program = ts.createProgram({ rootNames: [...byName.keys()], options, host, oldProgram: input.parsed?.program });
  if (input.parsed) input.parsed.program = program;
  return program;
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
