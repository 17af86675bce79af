/**
 * The migration guard: type-check the migrated program before anything is written and report the
 * errors the migration introduced — those the original program did not have.
 *
 * Per tsconfig that governs a changed file: one program of the migrated texts and, only when that one
 * has errors in the files compared, one of the original texts (same options, same node_modules;
 * library files parsed once for both). Only the semantic and
 * syntactic diagnostics of the changed files and of the files that import them are compared: nothing
 * else can gain an error. Diagnostics match by file, code and message text, counted, so an error that
 * only moved lines is not new.
 */
import fs from 'node:fs';
import path from 'node:path';
import { packageDirOf } from '../../transforms/kit/package-json.js';
import type { ts } from '../../typescript.js';
import { findNearestTsconfig } from '../../discovery/tsconfig.js';
import { isSdkPackageName } from '../../analysis/sdk-modules.js';
import { createTrackedHost, declaredDependencies, forgetInstalledPackages, installedVersion, lentPackageOf, loadCompiler, packageOf, packagesToShip, type Compiler, type TrackedHost } from './compiler.js';
import type { LineProvenance } from './provenance.js';

export interface MigratedFile {
  /** Absolute path. */
  file: string;
  before: string;
  after: string;
  created: boolean;
}

export interface NewTypeError {
  /** Absolute path. */
  file: string;
  line: number;
  column: number;
  code: number;
  message: string;
  /** The transforms that caused it, as precisely as `cause` says. */
  transforms: string[];
  /**
   * `edited-line`: their edits wrote the line; `removed-name`: the name is no longer found and their
   * edits removed it (an import dropped); `changed-file`: the line is the user's, they changed the file;
   * `changed-import`: no transform touched the file, they changed modules it imports;
   * `raised-dependency`: nothing the file imports from the project changed, they raised the range of a package it
   * imports in package.json (`dependencies`) past the installed release.
   */
  cause: ErrorCause;
  /** `raised-dependency`: the packages whose raised range it is. */
  dependencies?: string[];
  advice: string;
}

type ErrorCause = 'edited-line' | 'removed-name' | 'changed-file' | 'changed-import' | 'raised-dependency';

export interface NotTypeChecked {
  /** Absolute paths of the changed files this concerns. */
  files: string[];
  reason: string;
}

export interface TypeCheckResult {
  errors: NewTypeError[];
  /** Files whose diagnostics were compared (changed files and their importers). */
  checked: string[];
  notChecked: NotTypeChecked[];
  /** `TypeScript 5.9.3 (the project's)`, per compiler used. */
  compilers: string[];
  /** TypeScript programs built (a project alike to one already checked shares its program). */
  programs: number;
  ms: number;
}

const TS_SOURCE = /\.(?:[cm]?ts|tsx)$/;
const JS_SOURCE = /\.(?:[cm]?js|jsx)$/;

/** Options for TypeScript files no tsconfig governs: what `tsc file.ts` on a Node project needs. */
function noConfigOptions(ts: Compiler['ts']): ts.CompilerOptions {
  return { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, skipLibCheck: true, esModuleInterop: true };
}

/**
 * The guard as `apply` runs it: skipped on request (and then said so), and never the reason a run
 * crashes — a failure of the check itself is reported as "not type-checked".
 */
export function guardMigration(changes: readonly MigratedFile[], provenance: LineProvenance, enabled: boolean): TypeCheckResult {
  const sources = changes.filter((c) => TS_SOURCE.test(c.file) || JS_SOURCE.test(c.file)).map((c) => c.file);
  const notRun = (reason: string): TypeCheckResult => ({ errors: [], checked: [], notChecked: sources.length ? [{ files: sources, reason }] : [], compilers: [], programs: 0, ms: 0 });
  if (!enabled) return notRun('skipped with --no-typecheck');
  try {
    return typeCheckMigration(changes, provenance);
  } catch (error) {
    return notRun(`the type-check itself failed (${(error as Error).message})`);
  }
}

export function typeCheckMigration(changes: readonly MigratedFile[], provenance: LineProvenance): TypeCheckResult {
  const started = performance.now();
  forgetInstalledPackages();
  const result: TypeCheckResult = { errors: [], checked: [], notChecked: [], compilers: [], programs: 0, ms: 0 };
  const sources = changes.filter((c) => TS_SOURCE.test(c.file) || JS_SOURCE.test(c.file));
  // Every changed file of the run (package.json too: it decides the module format and, once sdk-v2 raised zod, which zod is checked).
  const overlays: Overlays = { before: new Map(changes.filter((c) => !c.created).map((c) => [c.file, c.before])), after: new Map(changes.map((c) => [c.file, c.after])) };
  const groups = new Map<string, MigratedFile[]>();
  for (const change of sources) {
    const config = findNearestTsconfig(change.file) ?? '';
    groups.set(config, [...(groups.get(config) ?? []), change]);
  }
  // Projects that would be checked the same way share one program (see batchKey): a monorepo's packages
  // built with one base tsconfig are checked together, the SDK's types instantiated once instead of per package.
  const batches = new Map<string, GroupPlan[]>();
  for (const [config, files] of groups) {
    const plan = planGroup(config || undefined, files, overlays, result);
    if (plan) batches.set(plan.batchKey, [...(batches.get(plan.batchKey) ?? []), plan]);
  }
  for (let plans of batches.values()) {
    // A member whose original imports resolve nowhere compares nothing (its whole group is not checked):
    // it is checked alone, as if it had never been batched, and the others again without it.
    while (plans.length > 0) {
      const outcome = checkBatch(plans, changes, overlays, provenance);
      if (!('alone' in outcome)) {
        mergeOutcome(result, outcome);
        break;
      }
      // Never empty (the import that resolves nowhere is in a member's file); were it, every member goes alone, so the loop ends.
      const alone = outcome.alone.length > 0 ? outcome.alone : plans;
      for (const plan of alone) mergeOutcome(result, checkBatch([plan], changes, overlays, provenance) as BatchOutcome);
      plans = plans.filter((plan) => !alone.includes(plan));
    }
  }
  result.errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  result.checked.sort();
  result.ms = Math.round(performance.now() - started);
  return result;
}

/** One tsconfig's share of the check, read and ready: the files it governs that can be checked. */
interface GroupPlan {
  projectDir: string;
  compiler: Compiler;
  options: ts.CompilerOptions;
  projectFiles: readonly string[];
  files: MigratedFile[];
  /** The packages mcp-migrate lends the project (`packagesToShip`), as its original and its migrated package.json ask. */
  shipped: { before: Set<string>; after: Set<string> };
  /** Plans with the same key are checked in one program with the same result per file as alone. */
  batchKey: string;
}

/** The texts of the changed files, original and migrated, over the disk's. */
interface Overlays {
  before: ReadonlyMap<string, string>;
  after: ReadonlyMap<string, string>;
}

/** What checking one batch found, added to the result only once the batch stands. */
interface BatchOutcome {
  errors: NewTypeError[];
  checked: string[];
  notChecked: NotTypeChecked[];
  compilers: string[];
  programs: number;
}

/**
 * `list` with `more` added, one entry per reason: the programs of one project meet the same uninstalled import,
 * each with the files it reached, and the report names the reason once, with all of them.
 */
export function mergeNotChecked(list: readonly NotTypeChecked[], more: readonly NotTypeChecked[]): NotTypeChecked[] {
  const out = list.map((n) => ({ ...n, files: [...n.files] }));
  for (const entry of more) {
    const same = out.find((n) => n.reason === entry.reason);
    if (same) same.files = unique([...same.files, ...entry.files]);
    else out.push({ ...entry, files: [...entry.files] });
  }
  return out;
}

function mergeOutcome(result: TypeCheckResult, outcome: BatchOutcome): void {
  result.errors.push(...outcome.errors);
  result.checked.push(...outcome.checked);
  result.notChecked = mergeNotChecked(result.notChecked, outcome.notChecked);
  result.compilers = unique([...result.compilers, ...outcome.compilers]);
  result.programs += outcome.programs;
}

function planGroup(configPath: string | undefined, files: MigratedFile[], overlays: Overlays, result: TypeCheckResult): GroupPlan | undefined {
  const projectDir = configPath ? path.dirname(configPath) : commonDir(files.map((f) => f.file));
  const compiler = loadCompiler(projectDir);
  const ts = compiler.ts;
  let options: ts.CompilerOptions;
  let projectFiles: readonly string[] = [];
  if (configPath) {
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (!parsed) return void result.notChecked.push({ files: files.map((f) => f.file), reason: `${path.basename(configPath)} could not be read` });
    options = parsed.options;
    projectFiles = parsed.fileNames;
  } else {
    const ts_ = files.filter((f) => TS_SOURCE.test(f.file));
    const js = files.filter((f) => !TS_SOURCE.test(f.file));
    if (js.length) result.notChecked.push({ files: js.map((f) => f.file), reason: 'no tsconfig.json or jsconfig.json governs these JavaScript files, so the project does not type-check them' });
    if (ts_.length === 0) return undefined;
    files = ts_;
    options = noConfigOptions(ts);
  }
  const checkable = (file: string): boolean => TS_SOURCE.test(file) || (JS_SOURCE.test(file) && Boolean(options.allowJs && options.checkJs));
  const unchecked = files.filter((f) => !checkable(f.file));
  if (unchecked.length) result.notChecked.push({ files: unchecked.map((f) => f.file), reason: 'the project does not type-check its JavaScript (no allowJs with checkJs in its tsconfig)' });
  files = files.filter((f) => checkable(f.file));
  if (files.length === 0) return undefined;
  // Nothing is emitted, so where output would go plays no part (packages of a monorepo each set their
  // own outDir and rootDir, and would otherwise never share a program). rootDir's one check, an input file
  // outside it, holds alike before and after: the migration adds files only beside the ones it changes.
  options = { ...options, noEmit: true, incremental: false, composite: false, tsBuildInfoFile: undefined, outDir: undefined, rootDir: undefined, declarationDir: undefined };
  const uninstalled = uninstalledSdk(projectDir, overlayReader(ts, overlays.before));
  if (uninstalled) {
    result.notChecked.push({ files: files.map((f) => f.file), reason: `the project's dependencies are not installed (${uninstalled} is in package.json, not in node_modules): run your package manager's install, then apply again` });
    return undefined;
  }
  const shipped = { before: packagesToShip(projectDir, overlayReader(ts, overlays.before)), after: packagesToShip(projectDir, overlayReader(ts, overlays.after)) };
  return { projectDir, compiler, options, projectFiles, files, shipped, batchKey: batchKey(projectDir, compiler, options, shipped) };
}

/**
 * What a program of a project depends on besides its files: the compiler, the options (but for the
 * tsconfig's own path), the node_modules folders module resolution walks through from the project's
 * directory (so every import, and the SDK packages' own, resolves to the same file), and the packages
 * mcp-migrate lends it before and after the migration (they follow the project's package.json).
 * Projects alike in all of these are checked in one program: a file's diagnostics there are those of
 * its project's program alone, but for what one project declares globally for all (compared before
 * and after alike, so it adds no error of its own).
 */
function batchKey(projectDir: string, compiler: Compiler, options: ts.CompilerOptions, shipped: GroupPlan['shipped']): string {
  const { configFilePath: _config, ...rest } = options;
  const sorted = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
  return JSON.stringify([compiler.version, compiler.origin, nodeModulesChain(projectDir), sorted, [...shipped.before].sort(), [...shipped.after].sort()]);
}

function overlayReader(ts: Compiler['ts'], overlay: ReadonlyMap<string, string>): (file: string) => string | undefined {
  return (file) => (overlay.has(file) ? overlay.get(file) : ts.sys.readFile(file));
}

/** The node_modules folders in `dir` and above it, nearest first. */
function nodeModulesChain(dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'node_modules'))) out.push(path.join(d, 'node_modules'));
    if (path.dirname(d) === d) return out;
  }
}

/** Checks the plans in one program; `alone`: the members that compare nothing, to be checked by themselves. */
function checkBatch(plans: readonly GroupPlan[], changes: readonly MigratedFile[], overlays: Overlays, provenance: LineProvenance): BatchOutcome | { alone: GroupPlan[] } {
  const outcome: BatchOutcome = { errors: [], checked: [], notChecked: [], compilers: [], programs: 0 };
  const [{ projectDir, compiler, options, shipped }] = plans as [GroupPlan, ...GroupPlan[]];
  const ts = compiler.ts;
  const files = plans.flatMap((p) => p.files);
  const projectFiles = plans.flatMap((p) => p.projectFiles);
  const sharedSources = new Map<string, ts.SourceFile>();
  const programOf = (side: keyof Overlays, roots: string[]): { program: ts.Program; tracked: TrackedHost } => {
    const tracked = createTrackedHost({ compiler, options, overlay: overlays[side], sharedSources, shipped: shipped[side], projectDir });
    outcome.programs++;
    return { program: ts.createProgram({ rootNames: roots, options, host: tracked.host }), tracked };
  };
  const changedNames = files.map((f) => f.file);
  // The migrated program first: when the changed files and their importers have no errors at all
  // (the common case), the original program is never built.
  const after = programOf('after', unique([...projectFiles, ...changedNames]));
  // A v2 package the migration added that neither the project nor mcp-migrate has (server-legacy, hono, …):
  // its imports are `any`, so the code using them is not checked; everything else still is.
  const missing = new Map<string, Set<string>>();
  for (const [specifier, importers] of after.tracked.unresolved) {
    const pkg = packageOf(specifier);
    if (pkg && isSdkPackage(pkg) && [...importers].some(isProjectSource)) missing.set(specifier, new Set([...importers].filter(isProjectSource)));
  }
  for (const [specifier, importers] of missing) {
    outcome.notChecked.push({ files: [...importers], reason: `the migrated code imports ${specifier}, which is not installed (and mcp-migrate does not ship it), so what it is used for is not checked: install the packages package.json now lists, then build` });
  }
  const changedSet = new Set(changes.map((c) => c.file));
  // The changed files and the project files that import one of them: nothing else can gain an error.
  // (Without an old program every import goes through the tracking host, so this sees them all.)
  const toCheck = new Set(changedNames);
  // And those importing a package the migrated package.json raised past the installed copy (now lent: zod 3 → ^4.2,
  // SDK 1.17 → ^1.23): files no step touched compile against the new release once it is installed (sweep 25 Y1).
  const raised = new Set([...shipped.after].filter((pkg) => !shipped.before.has(pkg)));
  const raisedImports = new Map<string, string[]>();
  for (const [importer, targets] of after.tracked.imports) {
    if (!isProjectSource(importer)) continue;
    if ([...targets].some((t) => changedSet.has(t))) toCheck.add(importer);
    const lent = unique([...targets].map(lentPackageOf).filter((pkg): pkg is string => pkg !== undefined && raised.has(pkg)));
    if (lent.length) {
      toCheck.add(importer);
      raisedImports.set(importer, lent);
    }
  }
  const unresolvable = (e: FoundError): boolean => e.code === CANNOT_FIND_MODULE && [...missing.keys()].some((specifier) => e.message.includes(`'${specifier}'`));
  // In a file that imports one of them, a callback passed to what it imported has untyped parameters
  // until the package is installed (example-remote-server: `transport.close().catch((error) => …)` on
  // server-legacy's SSEServerTransport): not an error the migrated code has, so not named as one.
  const importsMissing = new Set([...missing.values()].flatMap((importers) => [...importers]));
  const untilInstalled = (file: string, e: FoundError): boolean => unresolvable(e) || (importsMissing.has(file) && IMPLICIT_ANY.has(e.code));
  // The original program is built as soon as one file has an error (not after all of them): when the
  // original code imports a package that resolves nowhere, nothing is compared, and the diagnostics of
  // the other files (most of the check's time) would be computed for nothing.
  const afterErrors = new Map<string, FoundError[]>();
  let before: ReturnType<typeof programOf> | undefined;
  for (const file of toCheck) {
    const errors = errorsOf(ts, after.program, file).filter((e) => !untilInstalled(file, e));
    if (errors.length === 0) continue;
    afterErrors.set(file, errors);
    if (before) continue;
    before = programOf('before', unique([...projectFiles, ...files.filter((f) => !f.created).map((f) => f.file)]));
    // A package the original code imports that resolves nowhere makes both programs wrong in ways
    // that do not cancel out (every use of it is `any`): no comparison then.
    const ambient = ambientModules(before.program);
    const missingBefore = unresolvedFrom(before.tracked, new Set(changedNames), ambient);
    if (missingBefore) {
      if (plans.length > 1) return { alone: plans.filter((plan) => unresolvedFrom(before!.tracked, new Set(plan.files.map((f) => f.file)), ambient)) };
      outcome.notChecked.push({ files: changedNames, reason: `the project's dependencies are not installed (${missingBefore.specifier} does not resolve from ${path.relative(projectDir, missingBefore.from) || missingBefore.from}): run your package manager's install, then apply again` });
      return { ...outcome, checked: [] };
    }
  }
  if (before) {
    for (const [file, errors] of afterErrors) {
      const changedImports = [...(after.tracked.imports.get(file) ?? [])].filter((target) => changedSet.has(target));
      // The package's manifest, when the run changed it: a raised zod or SDK range is checked too (sweep 25 Y1).
      const manifest = path.join(packageDirOf(file), 'package.json');
      const manifestSteps = changedSet.has(manifest) ? provenance.stepsOf(manifest) : [];
      for (const error of newErrors(errors, errorsOf(ts, before.program, file), (line) => provenance.ownersOfLine(file, line).length > 0)) {
        outcome.errors.push(describeError(file, error, provenance, changedImports, manifestSteps, raisedImports.get(file)));
      }
    }
  }
  outcome.compilers.push(`TypeScript ${compiler.version}${compiler.origin === 'project' ? " (the project's)" : ' (bundled with mcp-migrate; the project has none)'}`);
  outcome.checked.push(...toCheck);
  return outcome;
}

interface FoundError {
  key: string;
  /** The source text the diagnostic spans (the name, for "Cannot find name"). */
  span: string;
  line: number;
  column: number;
  code: number;
  message: string;
}

function errorsOf(ts: Compiler['ts'], program: ts.Program, file: string): FoundError[] {
  const sf = program.getSourceFile(file);
  if (!sf) return [];
  return [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]
    .filter((d) => d.category === ts.DiagnosticCategory.Error && d.start !== undefined)
    .map((d) => {
      const { line, character } = sf.getLineAndCharacterOfPosition(d.start!);
      // A chain of messages is flattened with indentation: one line, single spaces.
      const message = ts.flattenDiagnosticMessageText(d.messageText, ' ').replace(/\s+/g, ' ').trim();
      return { key: `${d.code}\0${message}`, span: sf.text.slice(d.start!, d.start! + (d.length ?? 0)), line: line + 1, column: character + 1, code: d.code, message };
    });
}

/**
 * The errors of a file's migrated text that its original text did not have, matched by code and
 * message and counted. Of the errors that share a key, those on the user's lines match the
 * original's first: the ones left over, on lines a transform wrote, are the new ones.
 */
function newErrors(after: readonly FoundError[], before: readonly FoundError[], written: (line: number) => boolean): FoundError[] {
  const known = countByKey(before);
  const ordered = [...after].sort((a, b) => Number(written(a.line)) - Number(written(b.line)) || a.line - b.line || a.column - b.column);
  return ordered.filter((error) => {
    const left = known.get(error.key) ?? 0;
    if (left > 0) known.set(error.key, left - 1);
    return left === 0;
  });
}

function countByKey(errors: readonly FoundError[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e.key, (counts.get(e.key) ?? 0) + 1);
  return counts;
}

/**
 * `manifestSteps`: the transforms that changed the file's package.json. An error on a line no transform wrote may come
 * from there (which zod and SDK the code is checked against): they are named with the file's own steps, so that an error
 * the SDK move's range raise causes in a file it left on v1 holds the move back like one in a file it moved.
 */
function describeError(file: string, error: FoundError, provenance: LineProvenance, changedImports: string[], manifestSteps: readonly string[] = [], raised: readonly string[] = []): NewTypeError {
  const onLine = provenance.ownersOfLine(file, error.line);
  // A name no longer found on a line the user wrote: the step that removed its import or declaration.
  const removedBy = onLine.length === 0 && CANNOT_FIND_NAME.has(error.code) && /^[\w$]+$/.test(error.span) ? provenance.stepsThatRemoved(file, error.span) : [];
  const changedFile = provenance.stepsOf(file);
  const [cause, transforms]: [ErrorCause, string[]] = onLine.length
    ? ['edited-line', onLine]
    : removedBy.length
      ? ['removed-name', removedBy]
      : changedFile.length
        ? ['changed-file', changedFile]
        : changedImports.length || !raised.length
          ? ['changed-import', unique(changedImports.flatMap((f) => provenance.stepsOf(f)))]
          : ['raised-dependency', []];
  if (cause !== 'edited-line' && cause !== 'removed-name') transforms.push(...manifestSteps.filter((step) => !transforms.includes(step)));
  const dependencies = cause === 'raised-dependency' ? [...raised] : undefined;
  return { file, line: error.line, column: error.column, code: error.code, message: error.message, transforms, cause, ...(dependencies && { dependencies }), advice: adviceFor(error.code, transforms, cause, error.message, dependencies) };
}

/** "Cannot find name 'x'" and "… Did you mean 'y'?". */
const CANNOT_FIND_NAME = new Set([2304, 2552]);

/** What to do about a new error, from what kind of error it is and which transform made it. */
function adviceFor(code: number, transforms: readonly string[], cause: ErrorCause, message = '', dependencies: readonly string[] = []): string {
  const byCode: Record<number, string> = {
    2304: 'a name the code still uses is no longer imported: import it again (from the v2 package that exports it, see the SDK v1→v2 API map) or replace the use',
    2552: 'a name the code still uses is no longer imported: import it again (from the v2 package that exports it, see the SDK v1→v2 API map) or replace the use',
    2305: 'the module no longer exports this name: import it from the v2 package that does, or replace it (SDK v1→v2 API map)',
    2307: 'the module does not exist: install the packages package.json now lists, or import from the v2 package that replaced it',
    2339: 'the property does not exist on the v2 type: use the v2 equivalent (SDK v1→v2 API map) or adapt the code',
    2345: 'an argument no longer fits the parameter: a helper typed for v1 (`extra`) now receives the v2 `ctx`, or the v2 API takes another shape: change the parameter type or the call',
    2322: 'a value no longer fits the type it is assigned to (a v2 type differs from the v1 one): adapt the value or the declared type',
    2353: 'an object literal has a property the v2 type does not declare: remove it or move it where the type expects it',
    2554: 'the call has a different number of arguments than the v2 signature: adapt it to the v2 API (SDK v1→v2 API map)',
    7006: 'a callback lost its parameter types because the call it is passed to no longer type-checks: fix that call first',
    7031: 'a callback lost its parameter types because the call it is passed to no longer type-checks: fix that call first',
    2724: 'the module exports this name under another name in v2: import the suggested one',
  };
  const why = (code === 2345 && handlerResultAdvice(message)) || byCode[code] || 'the migrated code no longer type-checks here';
  const by = transforms.join(', ');
  const who = !transforms.length
    ? 'no transform edit covers it'
    : cause === 'edited-line'
      ? `written by ${by}`
      : cause === 'removed-name'
        ? `${by} removed it`
        : cause === 'changed-file'
          ? `on a line of yours in a file ${by} changed`
          : cause === 'raised-dependency'
            ? `in a file that imports ${dependencies.join(' and ')}, whose range in package.json ${by} raised past the installed release`
            : `in a file that imports modules ${by} changed`;
  if (cause === 'raised-dependency') return `the release the raised range installs types this code more strictly than the installed one; ${who}: adapt the code to that release, or keep the file and its package on the range the project had.`;
  const step = transforms.includes('sdk-v2') ? 'fix it by hand after the official codemod (or revert that edit and migrate the line yourself)' : 'fix it by hand, or report it to mcp-migrate with the original code';
  return `${why}; ${who}: ${step}.`;
}

/** The result type v2 checks a request handler's return value against, per method. */
const RESULT_TYPES: Readonly<Record<string, string>> = {
  'tools/call': 'CallToolResult',
  'tools/list': 'ListToolsResult',
  'resources/read': 'ReadResourceResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'prompts/get': 'GetPromptResult',
  'prompts/list': 'ListPromptsResult',
  'completion/complete': 'CompleteResult',
};

/**
 * A handler passed to v2's `setRequestHandler('<method>', …)` whose return value does not fit: v1
 * took any `ServerResult` from every handler, v2 types each method's result (playwright-mcp,
 * DesktopCommanderMCP, example-remote-server). Only the user can say what the handler returns.
 */
function handlerResultAdvice(message: string): string | undefined {
  const method = /^Argument of type '\(request[^']*' is not assignable to parameter of type '\(request: \{ method: "([^"]+)"/.exec(message)?.[1];
  if (!method) return undefined;
  const result = RESULT_TYPES[method] ? `v2's ${RESULT_TYPES[method]}` : 'the result type of that method';
  return `v2's setRequestHandler('${method}', …) checks what the handler returns against ${result} (v1 accepted any ServerResult): make the handler return that type — declare it as the handler's return type, give literal fields their literal type (\`type: 'text' as const\`), and type a JSON Schema built by zod-to-json-schema as the tool's inputSchema`;
}

/** A package import of one of `files` that resolved nowhere, not even to an ambient `declare module`. */
function unresolvedFrom(tracked: TrackedHost, files: ReadonlySet<string>, ambient: (specifier: string) => boolean): { specifier: string; from: string } | undefined {
  for (const [specifier, importers] of tracked.unresolved) {
    const from = [...importers].find((f) => files.has(f));
    if (packageOf(specifier) && from && !ambient(specifier)) return { specifier, from };
  }
  return undefined;
}

/**
 * Whether a specifier names an ambient module of the program (`declare module 'url'` in @types/node,
 * `declare module '*.svg'`): those never go through module resolution.
 */
function ambientModules(program: ts.Program): (specifier: string) => boolean {
  const names = program.getTypeChecker().getAmbientModules().map((m) => m.getName().replace(/^"|"$/g, ''));
  const exact = new Set(names.filter((n) => !n.includes('*')));
  const patterns = names.filter((n) => n.includes('*')).map((n) => new RegExp(`^${n.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*')}$`));
  return (specifier) => exact.has(specifier) || patterns.some((p) => p.test(specifier));
}

const CANNOT_FIND_MODULE = 2307;

/** "Parameter 'x' implicitly has an 'any' type" and its kin (variables, rest parameters, binding elements). */
const IMPLICIT_ANY = new Set([7005, 7006, 7008, 7019, 7031, 7034]);

/** An SDK package the original package.json declares that is not installed: nothing can be compared then. */
function uninstalledSdk(projectDir: string, read: (file: string) => string | undefined): string | undefined {
  return Object.keys(declaredDependencies(projectDir, read) ?? {}).find((pkg) => isSdkPackage(pkg) && installedVersion(pkg, projectDir) === undefined);
}

/** The SDK's packages and zod: what the migration changes the project's use of. A dev CLI of the scope (`@modelcontextprotocol/inspector`) is not one (sweep 27 AA7). */
function isSdkPackage(pkg: string): boolean {
  return isSdkPackageName(pkg) || pkg === 'zod';
}

function isProjectSource(file: string): boolean {
  return !file.includes(`${path.sep}node_modules${path.sep}`) && !/\.d\.[cm]?ts$/.test(file);
}

function commonDir(files: readonly string[]): string {
  let dir = path.dirname(files[0]!);
  while (!files.every((f) => f.startsWith(dir + path.sep)) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
