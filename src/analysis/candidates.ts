/**
 * The prefilter: which discovered files can involve MCP, so that only those are parsed.
 * Nothing here parses TypeScript: each file is read once, import specifiers are pulled out
 * with a regular expression, and only specifiers that can name a file of interest are
 * resolved.
 *
 * Roles, in the order they are found:
 * 1. SDK users: files that import a *server* SDK module (`@modelcontextprotocol/sdk/server/...`,
 *    `@modelcontextprotocol/server|node|express|...`), or that import one of the project's own
 *    SDK barrels. A barrel is an SDK user that re-exports what it imports (`export * from`,
 *    `export { X } from`, `module.exports = require(...)`); barrels of barrels are followed to a
 *    fixpoint. MCP *client* code and files that only mention the SDK in a comment are not users.
 *    A file that names the MCP session header (`'Mcp-Session-Id'`) in a string literal, or answers `initialize` itself
 *    (tests for it and names another MCP method), and is no MCP client is analysed too, on its own (not expanded): an
 *    endpoint written without the SDK has the same session layer and handshake.
 * 2. Importers: files that import an SDK user that is not a barrel (a server entry doing
 *    `createServer().server.oninitialized = …`). They are analysed, but what they import is
 *    not pulled in: an app's entry file that imports the server and 200 features must not
 *    bring in the 200 features.
 * 3. Helpers: the local modules SDK users import, up to HELPER_DEPTH hops, so that a helper
 *    reading `extra.sessionId` two calls down is analysed though it never mentions the SDK.
 *
 * A word prefilter on `sessionId` would be both too wide (ordinary code is full of it) and too
 * narrow (a barrel-only import never says `@modelcontextprotocol`).
 */
import { MARKER_TAG } from '../markers.js';
import path from 'node:path';
import type { DiscoveredFile } from '../discovery/discover.js';
import type { ReadResult } from '../discovery/read.js';
import { declarationFileCandidates, type ResolveFn } from '../discovery/resolve.js';
import { PackageIndex, splitPackageSpecifier } from '../discovery/packages.js';
import { loadConfigForFile } from '../discovery/tsconfig.js';
import type { FileDiagnostic } from '../model.js';
import { CONTEXT_TYPES, SDK_SPECIFIER_MARKER, TRANSPORT_INTERFACE, isClientSdkModule, isProtocolVocabulary, isServerSdkModule, sdkMajorOf } from './sdk-modules.js';
import fs from 'node:fs';
import { DECLARED_CLASS_NAMES, isFrameworkModule, packageModuleDeclaredBy } from './framework-modules.js';
import { mayDeclareVendoredSdk } from '../frameworks/vendored-sdk.js';

const HELPER_DEPTH = 3;
/** Upper bound on helper files pulled in, so one SDK user importing a whole app stays cheap. */
const MAX_HELPERS = 2000;
/** Upper bound on modules loaded from outside the scanned paths for symbol resolution only. */
const MAX_CONTEXT_FILES = 500;

const SPECIFIER = /\b(?:from|import|require)\s*\(?\s*['"]([^'"\n]+)['"]/g;
const REEXPORT = /\bexport\s*(?:type\s*)?(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"\n]+)['"]/g;

export interface CandidateSelection {
  /** Absolute path → text, for every file the engine should load. */
  texts: Map<string, string>;
  /** SDK users and their importers (absolute paths). */
  mcpFiles: Set<string>;
  /** Every file with an `@mcp-migrate-todo` marker, analysed or not: a marker is a finding wherever it is. */
  markerTexts: Map<string, string>;
  /**
   * Project modules that stand for a package module (absolute path → specifier): a vendored SDK
   * module or a framework's own source, found by what it declares. Imports of them resolve as imports
   * of that package; they need not be scanned (or loaded) themselves.
   */
  packageModules: Map<string, string>;
  /**
   * Modules outside the scanned paths that scanned files reach the SDK through (a workspace package's
   * barrel, `@acme/types` re-exporting `McpServer`), with the modules they re-export: loaded so that
   * symbols and types resolve across the package boundary, never analysed or reported themselves.
   */
  contextTexts: Map<string, string>;
  diagnostics: FileDiagnostic[];
}

/** `import { McpServer, … } from './x'`: relative specifiers whose import clause names a class a vendored module is recognised by. */
const RELATIVE_NAMED_IMPORT = /\bimport\s*(?:type\s*)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"](\.{1,2}\/[^'"\n]*)['"]/g;

/** The imported names of a named import or require list (`type A, B as C, D: E` → A, B, D). */
function boundNames(list: string): string[] {
  return list.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+|\s*:\s*/)[0]!.trim()).filter(Boolean);
}

function relativeImportsOfDeclaredClasses(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(RELATIVE_NAMED_IMPORT)) {
    const names = boundNames(match[1]!);
    if (names.some((n) => DECLARED_CLASS_NAMES.has(n))) out.push(match[2]!);
  }
  return out;
}


/** `import { A, type B as C } from 'x'` and `const { A, B: c } = require('x')`: the names bound, and the specifier. */
const NAMED_IMPORT = /\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"\n]+)['"]/g;
const NAMED_REQUIRE = /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/**
 * Whether the file uses the server SDK: it imports a server SDK module for more than protocol
 * vocabulary. An SDK v2 server package imported only for message and result types or protocol
 * constants (`import { CallToolResult } from '@modelcontextprotocol/server'`, the official codemod's
 * rewrite of a v1 `sdk/types.js` import) makes a file no more server code than `sdk/types.js` did:
 * otherwise migrating a file would pull its importers (tests of a notifier, say) into the next run.
 */
function usesServerSdk(text: string, specifiers: readonly string[]): boolean {
  const server = specifiers.filter(isServerSdkModule);
  if (server.length === 0) return namesHandlerContext(text) || implementsTransport(text);
  const vocabularyOnly = new Map<string, number>();
  for (const pattern of [NAMED_IMPORT, NAMED_REQUIRE]) {
    for (const [, names, specifier] of text.matchAll(pattern)) {
      if (sdkMajorOf(specifier!) !== 2) continue;
      const bound = boundNames(names!);
      if (bound.length > 0 && bound.every(isProtocolVocabulary)) vocabularyOnly.set(specifier!, (vocabularyOnly.get(specifier!) ?? 0) + 1);
    }
  }
  // Every mention of the module (import, require, dynamic import, re-export) is one of those named imports.
  const mentions = new Map<string, number>();
  for (const specifier of server) mentions.set(specifier, (mentions.get(specifier) ?? 0) + 1);
  return [...mentions].some(([specifier, count]) => (vocabularyOnly.get(specifier) ?? 0) < count);
}

/**
 * Whether the file implements the SDK's transport interface it imports from a shared module (`class SseTransport
 * implements Transport`, with `Transport` from `sdk/shared/transport.js`): a transport of the project's own, which a
 * server is connected to; its module and the modules that connect it are server code (elct9620/perplexity-ask-openrouter's
 * hand-written HTTP+SSE transport, sweep 19 S3). A client's own transport is analysed too; no rule reports one.
 */
function implementsTransport(text: string): boolean {
  if (!text.includes(SDK_SPECIFIER_MARKER) || !text.includes('implements')) return false;
  for (const pattern of [NAMED_IMPORT, NAMED_REQUIRE]) {
    for (const [, names, specifier] of text.matchAll(pattern)) {
      if (sdkMajorOf(specifier!) === undefined || isClientSdkModule(specifier!)) continue;
      for (const spec of names!.split(',')) {
        const [imported, local] = spec.replace(/^\s*type\s+/, '').split(/\s+as\s+|\s*:\s*/).map((n) => n.trim());
        if (imported !== TRANSPORT_INTERFACE) continue;
        if (new RegExp(`\\bimplements\\s+(?:[\\w$.]+\\s*,\\s*)*${(local || imported).replace(/\$/g, '\\$')}\\b`).test(text)) return true;
      }
    }
  }
  return false;
}

/**
 * Whether the file imports a request handler's context type from a shared SDK module (`RequestHandlerExtra` from
 * `sdk/shared/protocol.js`): it handles requests, so it is server code though it imports no server module (a tool
 * handler factory casting its context, reached only through a path alias; cyanheads/survey-mcp-server, sweep 10 H5).
 */
function namesHandlerContext(text: string): boolean {
  if (!text.includes(SDK_SPECIFIER_MARKER)) return false;
  for (const pattern of [NAMED_IMPORT, NAMED_REQUIRE]) {
    for (const [, names, specifier] of text.matchAll(pattern)) {
      if (sdkMajorOf(specifier!) === undefined || isClientSdkModule(specifier!)) continue;
      const bound = boundNames(names!);
      if (bound.some((n) => CONTEXT_TYPES.has(n))) return true;
    }
  }
  return false;
}

/** The MCP session header, written as a string literal (any case): `'Mcp-Session-Id'`, `"mcp-session-id"`. */
const SESSION_HEADER_LITERAL = /(['"`])mcp-session-id\1/i;

/**
 * A file that names the MCP session header itself and imports no SDK client (an MCP client sends the header too): a
 * server endpoint, an HTTP adapter in front of one, or the CORS set-up of one. The rules decide what in it is a
 * finding; this only says it is worth analysing.
 */
function handRollsMcpEndpoint(text: string, specifiers: readonly string[]): boolean {
  // Or one that answers the handshake itself: tests for `initialize` and names another MCP method (sweep 24 X5).
  if (!SESSION_HEADER_LITERAL.test(text) && !(TESTS_FOR_INITIALIZE.test(text) && MCP_METHOD_LITERAL.test(text))) return false;
  if (specifiers.some((s) => s.startsWith(SDK_SPECIFIER_MARKER) && /(?:^|\/)client(?:\/|$)/.test(s.slice(SDK_SPECIFIER_MARKER.length)))) return false;
  // A client written by hand builds the `initialize` request (`method: 'initialize'`) and never tests for one.
  return !(BUILDS_INITIALIZE_REQUEST.test(text) && !TESTS_FOR_INITIALIZE.test(text));
}

const BUILDS_INITIALIZE_REQUEST = /\bmethod['"]?\s*:\s*(['"`])initialize\1/;
const TESTS_FOR_INITIALIZE = /(?:[=!]==?\s*|\bcase\s+)(['"`])initialize\1|(['"`])initialize\2\s*[=!]==?/;
/** An MCP request method a server answers, in a string literal. */
const MCP_METHOD_LITERAL = /(['"`])(?:tools\/(?:list|call)|resources\/(?:list|read)|prompts\/(?:list|get)|logging\/setLevel)\1/;

function importSpecifiers(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) out.push(match[1]!);
  return out;
}

/** Specifiers a module re-exports: ESM `export … from`, or everything a CommonJS module `require`s into `module.exports`. */
function reexportedSpecifiers(text: string, specifiers: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const match of text.matchAll(REEXPORT)) out.add(match[1]!);
  if (text.includes('module.exports')) for (const s of specifiers) out.add(s);
  return out;
}

interface Import {
  specifier: string;
  /** `cart` for `./lib/cart.js`: cheap test against the names of files of interest before resolving. */
  segment: string;
  /** `@acme/mcp-tools` for `@acme/mcp-tools/sub`: matched against workspace package names. */
  packageName: string | undefined;
  reexported: boolean;
}

function lastSegment(specifier: string): string {
  const segment = specifier.replace(/\/+$/, '').split('/').pop() ?? '';
  return segment.replace(/\.(m|c)?(j|t)sx?$/, '');
}

/**
 * What a set of files can be imported by, without resolving every specifier in the tree: file
 * names (and folder names for `index` files), exact tsconfig `paths` keys of their projects
 * (`"~mcp": ["src/lib/mcp-barrel.ts"]`), and the names of the workspace packages they live in.
 */
class ImportNames {
  private readonly segments = new Set<string>();
  private readonly aliases = new Set<string>();
  private readonly packageNames = new Set<string>();
  private readonly packages = new PackageIndex();

  add(absPath: string): void {
    const base = path.basename(absPath).replace(/\.[^.]+$/, '');
    this.segments.add(base);
    if (base === 'index') this.segments.add(path.basename(path.dirname(absPath)));
    const config = loadConfigForFile(absPath);
    const stem = absPath.replace(/\.[^./\\]+$/, '');
    for (const [key, targets] of Object.entries(config?.paths ?? {})) {
      if (key.includes('*') || !config?.pathsBase) continue;
      // Only keys that point at this very file (or its folder, for index files): an exact alias
      // used all over a monorepo for something else must not make every import worth resolving.
      const points = targets.some((t) => {
        const target = path.resolve(config.pathsBase!, t).replace(/\.[^./\\]+$/, '');
        return target === stem || (base === 'index' && target === path.dirname(absPath));
      });
      if (points) this.aliases.add(key);
    }
    const name = this.packages.nearestPackage(path.dirname(absPath))?.json.name;
    if (typeof name === 'string') this.packageNames.add(name);
  }

  mayName(entry: Import): boolean {
    return (
      this.segments.has(entry.segment) ||
      this.aliases.has(entry.specifier) ||
      (entry.packageName !== undefined && this.packageNames.has(entry.packageName))
    );
  }
}

/**
 * `workspacePackageDir`: the directory of the repository's workspace package a bare import names. Only
 * workspace packages outside the scanned paths are followed out of them (resolving every dependency or
 * sibling-package import of every file would cost more than the rest of a large scan; a scanned
 * package's barrels are found among the scanned files).
 */
/** Whether `text` imports an MCP server SDK or a framework built on one (the prefilter's first test). */
export function importsMcp(text: string): boolean {
  const specifiers = importSpecifiers(text);
  return (text.includes(SDK_SPECIFIER_MARKER) && usesServerSdk(text, specifiers)) || specifiers.some(isFrameworkModule);
}

export function selectCandidates(
  files: readonly DiscoveredFile[],
  read: (file: DiscoveredFile) => ReadResult,
  resolve: ResolveFn,
  workspacePackageDir: (fromAbsPath: string, packageName: string) => string | undefined = () => undefined,
): CandidateSelection {
  return new CandidateSelector(files, read, resolve, workspacePackageDir).select();
}

/** One selection's state, filled in the order `select` gives: the scanned files first, then what they reach. */
class CandidateSelector {
  private readonly texts = new Map<string, string>();
  private readonly markerTexts = new Map<string, string>();
  private readonly diagnostics: FileDiagnostic[] = [];
  private readonly sdkUsers = new Set<string>();
  /** MCP endpoints written without the SDK (`handRollsMcpEndpoint`): analysed, not expanded. */
  private readonly endpoints = new Set<string>();
  private readonly barrels = new Set<string>();
  /** Files that are not (yet) SDK users, with their local imports. Their text is not kept: most are never needed. */
  private readonly others = new Map<string, Import[]>();
  private readonly byAbs: Map<string, DiscoveredFile>;
  private readonly packageModules = new Map<string, string>();
  /** Files importing a declared class name by relative path, with those specifiers (resolved after the first pass). */
  private readonly declaredClassImports = new Map<string, string[]>();
  /** Modules outside the scanned paths: the package module each stands for (null: none, or being read). */
  private readonly outside = new Map<string, string | null>();
  private readonly contextTexts = new Map<string, string>();
  private readonly outsideTexts = new Map<string, string | null>();
  private readonly outsideBarrels = new Map<string, boolean>();
  /** Directories holding scanned files (and their ancestors): a workspace package found there is scanned. */
  private dirs: Set<string> | undefined;

  constructor(
    private readonly files: readonly DiscoveredFile[],
    private readonly read: (file: DiscoveredFile) => ReadResult,
    private readonly resolve: ResolveFn,
    private readonly workspacePackageDir: (fromAbsPath: string, packageName: string) => string | undefined,
  ) {
    this.byAbs = new Map(files.map((f) => [f.absPath, f]));
  }

  select(): CandidateSelection {
    for (const file of this.files) this.classify(file);
    this.addRelativeClassImporters();
    this.addBarrelUsers();
    const importers = this.directImporters();
    for (const absPath of [...this.sdkUsers, ...importers]) this.readText(absPath);
    this.loadSdkUsersOutsideModules();
    this.addHelpers();
    this.addOutsideContext();
    const { texts, markerTexts, packageModules, contextTexts, diagnostics } = this;
    return { texts, mcpFiles: new Set([...this.sdkUsers, ...importers, ...this.endpoints]), markerTexts, packageModules, contextTexts, diagnostics };
  }

  /** The first pass: what one scanned file is by its text alone (an SDK user, an endpoint, a vendored SDK, or other). */
  private classify(file: DiscoveredFile): void {
    const result = this.read(file);
    if ('diagnostic' in result) {
      this.diagnostics.push(result.diagnostic);
      return;
    }
    const { text } = result;
    if (text.includes(`${MARKER_TAG}(`)) this.markerTexts.set(file.absPath, text);
    const declared = packageModuleDeclaredBy(text);
    if (declared) this.packageModules.set(file.absPath, declared);
    const specifiers = importSpecifiers(text);
    const reexported = reexportedSpecifiers(text, specifiers);
    if ((text.includes(SDK_SPECIFIER_MARKER) && usesServerSdk(text, specifiers)) || specifiers.some(isFrameworkModule)) {
      this.texts.set(file.absPath, text);
      this.sdkUsers.add(file.absPath);
      if ([...reexported].some((s) => sdkMajorOf(s) !== undefined)) this.barrels.add(file.absPath);
      return;
    }
    if (handRollsMcpEndpoint(text, specifiers)) {
      // An MCP endpoint written without the SDK (a Workers adapter minting `Mcp-Session-Id` itself): its session
      // layer is as real as an SDK server's, and would otherwise be reported as "no MCP server code". Analysed on
      // its own, like an importer: what it imports is not pulled in (an app's CORS set-up naming the header must
      // not bring in its REST routes, whose own `sessionId`s are not MCP sessions).
      this.texts.set(file.absPath, text);
      this.endpoints.add(file.absPath);
      return;
    }
    if (mayDeclareVendoredSdk(text)) {
      // A vendored SDK (a fork, the SDK's own sources): its importers use the SDK, as through a barrel.
      this.texts.set(file.absPath, text);
      this.sdkUsers.add(file.absPath);
      this.barrels.add(file.absPath);
      return;
    }
    const local = specifiers
      .filter((s) => !s.startsWith('node:') && !s.startsWith(SDK_SPECIFIER_MARKER))
      .map((specifier) => ({
        specifier,
        segment: lastSegment(specifier),
        packageName: specifier.startsWith('.') ? undefined : splitPackageSpecifier(specifier)?.name,
        reexported: reexported.has(specifier),
      }));
    if (local.length) this.others.set(file.absPath, local);
    const relative = text.includes('import') ? relativeImportsOfDeclaredClasses(text) : [];
    if (relative.length) this.declaredClassImports.set(file.absPath, relative);
  }

  /**
   * The package module `target` stands for. A module outside the scanned paths is read only when a file imports a
   * declared class name from it. When it declares none itself but re-exports a module that does (the framework's
   * `src/index.ts` barrel), it stands for that module too: it is not scanned, so nothing else in it could be followed.
   */
  private packageModuleAt(target: string, depth = 0): string | undefined {
    if (this.byAbs.has(target)) return this.packageModules.get(target);
    let module = this.outside.get(target);
    if (module === undefined) {
      this.outside.set(target, null); // cycles
      let text: string | undefined;
      try {
        text = readOutsideFile(target);
      } catch {
        text = undefined;
      }
      module = (text !== undefined ? packageModuleDeclaredBy(text) : undefined) ?? null;
      if (!module && text !== undefined && depth < HELPER_DEPTH) {
        for (const specifier of reexportedSpecifiers(text, [])) {
          const next = specifier.startsWith('.') ? this.resolve(target, specifier) : undefined;
          const found = next ? this.packageModuleAt(next, depth + 1) : undefined;
          if (found) {
            module = found;
            break;
          }
        }
      }
      this.outside.set(target, module);
      if (module) this.packageModules.set(target, module);
    }
    return module ?? undefined;
  }

  private scannedDirs(): Set<string> {
    if (this.dirs) return this.dirs;
    const dirs = (this.dirs = new Set());
    for (const absPath of this.byAbs.keys()) {
      for (let d = path.dirname(absPath); !dirs.has(d); d = path.dirname(d)) {
        dirs.add(d);
        if (path.dirname(d) === d) break;
      }
    }
    return dirs;
  }

  private readOutside(target: string): string | undefined {
    let text = this.outsideTexts.get(target);
    if (text === undefined) {
      try {
        text = readOutsideFile(target) ?? null;
      } catch {
        text = null;
      }
      this.outsideTexts.set(target, text);
    }
    return text ?? undefined;
  }

  /**
   * SDK barrels outside the scanned paths, reached through workspace package names (`@acme/mcp-types` re-exporting
   * `McpServer` from the SDK): the importer is an SDK user, and the barrel with what it re-exports is loaded as context.
   */
  private isOutsideBarrel(target: string, depth = 0): boolean {
    const cached = this.outsideBarrels.get(target);
    if (cached !== undefined) return cached;
    this.outsideBarrels.set(target, false); // cycles
    const text = this.readOutside(target);
    let barrel = false;
    if (text !== undefined) {
      const reexported = reexportedSpecifiers(text, importSpecifiers(text));
      barrel = [...reexported].some((s) => sdkMajorOf(s) !== undefined);
      if (!barrel && depth < HELPER_DEPTH) {
        for (const specifier of reexported) {
          const next = this.resolve(target, specifier);
          if (next && (this.byAbs.has(next) ? this.barrels.has(next) : this.isOutsideBarrel(next, depth + 1))) {
            barrel = true;
            break;
          }
        }
      }
    }
    this.outsideBarrels.set(target, barrel);
    if (barrel) this.loadContext(target);
    return barrel;
  }

  /** An outside barrel and the modules it re-exports (so `export type * from './server.js'` declarations resolve too). */
  private loadContext(entry: string): void {
    let frontier = [entry];
    for (let depth = 0; depth <= HELPER_DEPTH && frontier.length && this.contextTexts.size < MAX_CONTEXT_FILES; depth++) {
      const next: string[] = [];
      for (const absPath of frontier) {
        if (this.contextTexts.has(absPath) || this.byAbs.has(absPath)) continue;
        const text = this.readOutside(absPath);
        if (text === undefined) continue;
        this.contextTexts.set(absPath, text);
        for (const specifier of reexportedSpecifiers(text, importSpecifiers(text))) {
          const target = sdkMajorOf(specifier) === undefined ? this.resolve(absPath, specifier) : undefined;
          if (target) next.push(target);
        }
      }
      frontier = next;
    }
  }

  private isBarrelTarget(target: string | undefined): boolean {
    return target !== undefined && (this.byAbs.has(target) ? this.barrels.has(target) : this.isOutsideBarrel(target));
  }

  /** Importers of the SDK's or a framework's own modules by relative path (the SDK's and FastMCP's examples). */
  private addRelativeClassImporters(): void {
    const makesServerCode = (module: string): boolean => isServerSdkModule(module) || isFrameworkModule(module);
    for (const [absPath, specifiers] of this.declaredClassImports) {
      if (this.sdkUsers.has(absPath)) continue;
      const modules = specifiers.map((s) => this.resolve(absPath, s)).filter((t): t is string => t !== undefined).map((t) => this.packageModuleAt(t));
      if (!modules.some((m) => m !== undefined && makesServerCode(m))) continue;
      this.sdkUsers.add(absPath);
      this.others.delete(absPath);
    }
  }

  /**
   * Users of the project's SDK barrels, to a fixpoint (a barrel of a barrel). Package imports that lead out of the
   * scanned paths are resolved too: they may be a workspace package's barrel.
   */
  private addBarrelUsers(): void {
    for (let changed = true, round = 0; changed; round++) {
      changed = false;
      const names = new ImportNames();
      for (const barrel of this.barrels) names.add(barrel);
      for (const [absPath, imports] of this.others) {
        const viaBarrel = imports.filter((i) => {
          if (names.mayName(i)) return this.isBarrelTarget(this.resolve(absPath, i.specifier));
          if (round > 0 || i.packageName === undefined) return false;
          const packageDir = this.workspacePackageDir(absPath, i.packageName);
          if (!packageDir || this.scannedDirs().has(packageDir)) return false;
          const target = this.resolve(absPath, i.specifier);
          return target !== undefined && !this.byAbs.has(target) && this.isOutsideBarrel(target);
        });
        if (viaBarrel.length === 0) continue;
        this.sdkUsers.add(absPath);
        if (viaBarrel.some((i) => i.reexported)) this.barrels.add(absPath);
        this.others.delete(absPath);
        changed = true;
      }
    }
  }

  /** Direct importers of SDK users: analysed, not expanded. */
  private directImporters(): Set<string> {
    const importers = new Set<string>();
    const userNames = new ImportNames();
    for (const user of this.sdkUsers) userNames.add(user);
    for (const [absPath, imports] of this.others) {
      if (imports.some((i) => userNames.mayName(i) && this.sdkUsers.has(this.resolve(absPath, i.specifier) ?? ''))) importers.add(absPath);
    }
    return importers;
  }

  private readText(absPath: string): string | undefined {
    const cached = this.texts.get(absPath);
    if (cached !== undefined) return cached;
    const file = this.byAbs.get(absPath);
    if (!file) return undefined;
    const result = this.read(file);
    if ('diagnostic' in result) return undefined; // already reported in the first pass
    this.texts.set(absPath, result.text);
    return result.text;
  }

  /**
   * The other modules SDK users import from outside the scanned paths that stand for a package module (the vendored
   * SDK's `types.js` beside its `server/mcp.js`). The project's own modules there that declare with the SDK's types (a
   * session record holding a `Server`, a subclass of `SSEServerTransport`) are loaded as context, so what scanned code
   * reaches through them resolves.
   */
  private loadSdkUsersOutsideModules(): void {
    for (const absPath of this.sdkUsers) {
      for (const specifier of importSpecifiers(this.texts.get(absPath) ?? '')) {
        if (sdkMajorOf(specifier) !== undefined) continue;
        const target = this.resolve(absPath, specifier);
        if (!target || this.byAbs.has(target) || target.includes(`${path.sep}node_modules${path.sep}`)) continue;
        if (specifier.startsWith('.')) this.packageModuleAt(target);
        if (this.contextTexts.size < MAX_CONTEXT_FILES && declaresWithSdk(this.readOutside(target))) this.loadContext(target);
      }
    }
  }

  /** Helpers the SDK users import, breadth-first. */
  private addHelpers(): void {
    let frontier = [...this.sdkUsers];
    let helpers = 0;
    for (let depth = 0; depth < HELPER_DEPTH && frontier.length && helpers < MAX_HELPERS; depth++) {
      const next: string[] = [];
      for (const absPath of frontier) {
        for (const specifier of importSpecifiers(this.texts.get(absPath) ?? '')) {
          const target = this.resolve(absPath, specifier);
          if (!target || this.texts.has(target) || !this.byAbs.has(target)) continue;
          if (this.readText(target) === undefined) continue;
          next.push(target);
          if (++helpers >= MAX_HELPERS) break;
        }
      }
      frontier = next;
    }
  }

  /**
   * Project modules the loaded files import from outside the scanned paths, one hop: context for symbol resolution
   * only (never analysed or reported), so that a member reached through a type declared there resolves
   * (`this.services.sessions.addSession(sid)` with `Services` declared in an unscanned module).
   */
  private addOutsideContext(): void {
    for (const [absPath, text] of this.texts) {
      for (const specifier of importSpecifiers(text)) {
        if (!specifier.startsWith('.') || this.contextTexts.size >= MAX_CONTEXT_FILES) continue;
        // A module without a source file of its own may be a declaration file of the project's (`./types.js` → types.d.ts).
        const target = this.resolve(absPath, specifier) ?? declarationFileCandidates(absPath, specifier).find(isRegularFile);
        if (!target || this.byAbs.has(target) || this.contextTexts.has(target) || this.packageModules.has(target)) continue;
        const outsideText = this.readOutside(target);
        if (outsideText !== undefined) this.contextTexts.set(target, outsideText);
      }
    }
  }
}

function isRegularFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A module that imports the server SDK itself (not through a barrel): its declarations may hold SDK values. */
function declaresWithSdk(text: string | undefined): boolean {
  return text !== undefined && text.includes(SDK_SPECIFIER_MARKER) && importSpecifiers(text).some(isServerSdkModule);
}

/** The largest file read outside the scanned paths (a package entry or barrel), as discovery's default limit. */
const MAX_OUTSIDE_BYTES = 1024 * 1024;

/**
 * A module outside the scanned paths, read only to follow what it re-exports: a regular file under the
 * size limit (a FIFO or a huge generated bundle is not read), else `undefined` through the caller's catch.
 */
function readOutsideFile(target: string): string | undefined {
  const stat = fs.statSync(target);
  if (!stat.isFile() || stat.size > MAX_OUTSIDE_BYTES) return undefined;
  return fs.readFileSync(target, 'utf8');
}
