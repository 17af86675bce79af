/**
 * One file's serving plan while it is built: the edits, the ranges they replace, the imports they need and the
 * markers, plus the file's style (indentation, quotes) and the options it is planned with. Every planning step
 * (the HTTP shapes, stdio, the CORS markers) writes through it, and `attempt` runs a rewrite as a whole: a
 * refusal drops the rewrite's edits and leaves a marker instead, never half a rewrite.
 */
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { SSE_TRANSPORTS, STREAMABLE_HTTP_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { isSsePost } from '../../analysis/legacy-sse.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { markerInsertion } from '../../markers.js';
import type { TextEdit } from '../kit/edits.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { flavourOf, indentUnit, quoteOf } from '../kit/source-style.js';
import { projectEventBus } from '../server-push-markers/event-bus.js';
import { servingEntryAdvice } from './advice.js';
import { serverFactoryHint, serverFactoryNote } from './shared-server-factory.js';
import type { FactorySplit } from './factory-split.js';
import type { ModuleFactories } from './module-factories.js';
import { ImportEdits } from './imports.js';
import { leftOnV1Note } from './left-on-v1.js';
import { dottedReferences, registriesUsedIn } from './registries.js';
import { AdvisedRefusal, CannotRewrite, refuseHeldState } from './refusal.js';
import { localNames, referencesByName, removalRange } from './text.js';
import { topLevelNames } from './module-bindings.js';

export type ServingOptions = Pick<TransformOptions, 'target' | 'modernOnly'>;

interface Range {
  start: number;
  end: number;
}

/** Statements of other files each plan has marked (`ServingFile.markerAnywhere`). */
const statementsMarkedElsewhere = new WeakMap<object, Set<ts.Node>>();

export class ServingFile {
  readonly edits: TextEdit[] = [];
  /** The ranges the edits replace (insertions are not among them): code there is gone, not kept. */
  readonly replaced: Range[] = [];
  readonly imports: ImportEdits;
  readonly text: string;
  /** The file's indentation unit: read when code is written (most files a serving plan looks at get none). */
  get unit(): string {
    return indentUnit(this.text);
  }
  private readonly quote: string;
  /** Names imported from the SDK (plumbing, not custom logic). */
  readonly sdkNames: Set<string>;
  private readonly markedStatements = new Set<ts.Node>();
  /** Registries the rewrites remove, removed together at the end: two properties of one object going leave no empty object. */
  readonly goneRegistries: SessionStore[] = [];
  /** `transports.streamable`-like references of the registries being replaced: the registry, not a use of its holder. */
  registryAccesses: ts.Node[] = [];
  /** The sessionful endpoints this run keeps in this file (file name, line), for the CORS markers of other files. */
  readonly keptSessions: Array<{ file: string; line: number }> = [];
  /** Whether this file creates SDK Streamable HTTP transports (its CORS lists are this file's own decision, `markCors`). */
  servesHttp = false;

  /** The factories extracted in other modules for servers this file's routes import (imported-server.ts). */
  moduleFactories?: ModuleFactories<ServingFile>;

  /** The options being planned with: `requested`, or SDK 1.x's while this file's Streamable HTTP is planned (left-on-v1.ts). */
  options: ServingOptions;
  /**
   * The route being planned serves SDK 1.x's stateless idiom already, in a file left on SDK 1.x: it is planned with the
   * requested options so that its checks still mark what its move to SDK v2 needs, but no v2 entry is written (the
   * file has no `createMcpHandler`), as `--target stateless-v1` leaves that idiom.
   */
  v1Idiom = false;

  constructor(
    readonly result: AnalysisResult,
    readonly sf: ts.SourceFile,
    readonly requested: ServingOptions,
    readonly plan: TransformPlan,
    readonly splits: readonly FactorySplit[] = [],
  ) {
    this.options = requested;
    this.imports = new ImportEdits(sf, flavourOf(sf));
    this.text = sf.text;
    this.quote = quoteOf(sf.text);
    this.sdkNames = sdkImportedNames(sf);
  }

  get values() {
    return this.result.analysis.values;
  }

  /** `text` in the file's quotes. */
  q(text: string): string {
    return `${this.quote}${text}${this.quote}`;
  }

  /** `bus: <the project's change-event bus>` (server-push-markers' generated module), so listen streams receive what the project publishes. */
  busOption(options: string[]): void {
    const bus = projectEventBus(this.result, this.sf, flavourOf(this.sf));
    if (!bus) return;
    options.push(`bus: ${bus.name}`);
    if (bus.specifier) this.imports.add(bus.specifier, bus.name);
  }

  /** Runs one rewrite; its edits are kept only when it completes (never half a rewrite). */
  attempt(rewrite: () => void, stdio = false): boolean {
    const edits = this.edits.length;
    const replaced = this.replaced.length;
    const gone = this.goneRegistries.length;
    const elsewhere = this.moduleFactories?.mark();
    const imports = this.imports.mark();
    this.registryAccesses = [];
    try {
      rewrite();
      return this.edits.length > edits;
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
      this.edits.length = edits;
      this.replaced.length = replaced;
      this.goneRegistries.length = gone;
      if (elsewhere !== undefined) this.moduleFactories!.restore(elsewhere);
      this.imports.restore(imports);
      // Every marker names the replacement, in the idiom of the target (SDK 1.x has no createMcpHandler).
      if (error instanceof AdvisedRefusal) {
        // No message: left as it is, on purpose (a note says why).
        if (error.message) this.marker(error.node, error.ruleId, error.message);
        return false;
      }
      // No factory found where the rewrite stopped: the project's own factory behind the session set-ups, if there is one.
      const shared = error.factory === undefined && !stdio ? serverFactoryHint(this.result, this.sf) : undefined;
      const advice = servingEntryAdvice({ kind: stdio ? 'stdio' : 'http', target: this.options.target, framework: error.framework, factory: error.factory ?? shared?.name, path: error.routePath });
      const v1 = !stdio && this.options.target !== this.requested.target ? ` ${leftOnV1Note(this.requested)}` : '';
      this.marker(error.node, error.ruleId, `${error.message}${v1} ${advice}${shared ? ` ${serverFactoryNote(shared)}` : ''}`);
      return false;
    }
  }

  /**
   * A marker above the statement of `node`, in this file or in another one the plan reaches (where a factory chain
   * builds an object, where a route hands requests to a transport made here): once per statement and plan.
   */
  markerAnywhere(node: ts.Node, ruleId: string, message: string): void {
    const sf = node.getSourceFile();
    if (sf === this.sf) {
      this.marker(node, ruleId, message);
      return;
    }
    const statement = statementOf(node);
    const marked = statementsMarkedElsewhere.get(this.plan) ?? new Set<ts.Node>();
    statementsMarkedElsewhere.set(this.plan, marked);
    if (marked.has(statement)) return;
    marked.add(statement);
    const start = statement.getStart(sf);
    const insertion = markerInsertion(sf.text, start, ruleId, message);
    this.plan.markers.push({ file: sf.fileName, line: sf.getLineAndCharacterOfPosition(start).line + 1, ruleId, message });
    if (insertion) this.plan.edits.push({ file: sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
  }

  /** One marker per statement of this file, above it. */
  marker(node: ts.Node, ruleId: string, message: string): void {
    const statement = statementOf(node);
    if (this.markedStatements.has(statement)) return;
    this.markedStatements.add(statement);
    const start = statement.getStart(this.sf);
    const insertion = markerInsertion(this.text, start, ruleId, message);
    this.plan.markers.push({ file: this.sf.fileName, line: this.sf.getLineAndCharacterOfPosition(start).line + 1, ruleId, message });
    if (insertion) this.plan.edits.push({ file: this.sf.fileName, start: insertion.offset, end: insertion.offset, text: insertion.text });
  }

  edit(start: number, end: number, text: string): void {
    this.edits.push({ file: this.sf.fileName, start, end, text });
    this.replaced.push({ start, end });
  }

  /** Text added at `offset` without replacing anything: the code around it stays (and is checked as kept). */
  insert(offset: number, text: string): void {
    this.edits.push({ file: this.sf.fileName, start: offset, end: offset, text });
  }

  /** Removes a whole statement with the comments directly above it. */
  remove(statement: ts.Node, { keepComments = false }: { keepComments?: boolean } = {}): void {
    const range = removalRange(this.sf, statement, !keepComments);
    this.edit(range.start, range.end, '');
  }

  /**
   * The transport and server registries the code in `roots` uses (a registry of an SSE endpoint kept for
   * 2025-era clients is not among them). Their `holder.kind` accesses then read as the registry.
   */
  registriesOf(roots: readonly ts.Node[]): SessionStore[] {
    const registries = registriesUsedIn(this.result, this.sf, roots);
    this.registryAccesses = dottedReferences(registries, this.sf, this.values);
    return registries;
  }

  removeRegistries(registries: readonly SessionStore[]): void {
    refuseHeldState(registries);
    this.goneRegistries.push(...registries);
  }

  /** The functions of this file that serve HTTP+SSE (create an SSE transport or hand it a POST): kept code. */
  sseCode(): ts.Node[] {
    const out = new Set<ts.Node>();
    forEachDescendant(this.sf, (node) => {
      const sse = ts.isNewExpression(node) && SSE_TRANSPORTS.has(this.result.analysis.sdk.exportOf(node.expression)?.name ?? '');
      const post = ts.isCallExpression(node) && isSsePost(this.result.analysis, node);
      const fn = (sse || post) && enclosingFunction(node);
      if (fn) out.add(fn);
    });
    return [...out];
  }

  /**
   * A registry shared with the kept HTTP+SSE routes stays for them; the Streamable HTTP transport type leaves
   * its declared union (`Record<string, NodeStreamableHTTPServerTransport | SSEServerTransport>`).
   */
  narrowSharedRegistry(registry: SessionStore): void {
    forEachDescendant(registry.declaration!, (node) => {
      if (!ts.isUnionTypeNode(node)) return;
      const streamable = node.types.filter((t) => ts.isTypeReferenceNode(t) && STREAMABLE_HTTP_TRANSPORTS.has(this.result.analysis.sdk.exportOf(t.typeName)?.name ?? ''));
      if (streamable.length === 0 || streamable.length === node.types.length) return;
      for (const t of streamable) {
        const i = node.types.indexOf(t);
        // The member and the `|` joining it to its neighbour (the one after it, or before it when last).
        const start = i < node.types.length - 1 ? t.getStart(this.sf) : node.types[i - 1]!.end;
        const end = i < node.types.length - 1 ? node.types[i + 1]!.getStart(this.sf) : t.end;
        this.edit(start, end, '');
      }
    });
  }

  /** Whether every reference of `id`'s binding (besides its declaration) is inside `roots`. */
  onlyUsedBy(id: ts.Identifier, roots: ts.Node[]): boolean {
    const decl = this.values.symbolOf(id)?.valueDeclaration;
    if (!decl) return false;
    return referencesByName(this.sf, id.text)
      .filter((r) => this.values.symbolOf(r)?.valueDeclaration === decl)
      .every((r) => roots.some((root) => isInside(r, root)));
  }

  /** Whether `statement` declares the name `arg` is. */
  isDeclarationOf(statement: ts.Node, arg: ts.Node): boolean {
    const inner = unwrap(arg);
    if (!ts.isIdentifier(inner)) return false;
    const decl = this.values.symbolOf(inner)?.valueDeclaration;
    return !!decl && isInside(decl, statement);
  }

  freshName(base: string, at?: ts.Node): string {
    // Imports bind names too (`import { createServer } from 'node:http'` beside the factory this names; review 34 X8).
    const taken = new Set([...localNames(this.sf), ...topLevelNames(this.sf)]);
    // And what this run's edits declare (a second route served in the same block declared `mcpHandler` twice: review 42
    // S42-1). Read from the edits themselves, so a rewrite rolled back gives its names back; given where the name is
    // declared (`at`), only edits in the same block count (two branches of an `if` may each have their `mcpHandler`).
    let block: ts.Node | undefined = at?.parent;
    while (block && !ts.isBlock(block) && !ts.isSourceFile(block) && !ts.isCaseClause(block) && !ts.isDefaultClause(block)) block = block.parent;
    const sameBlock = (e: TextEdit): boolean => {
      if (!block || ts.isSourceFile(block)) return true;
      let inner: ts.Node | undefined = findInnermost(this.sf, e.start);
      while (inner && !ts.isBlock(inner) && !ts.isSourceFile(inner) && !ts.isCaseClause(inner) && !ts.isDefaultClause(inner)) inner = inner.parent;
      return inner === block;
    };
    const declared = (name: string): boolean => this.edits.some((e) => sameBlock(e) && new RegExp(`(?:const|let|var|function|class)\\s+${name}(?![\\w$])`).test(e.text));
    const free = (name: string): boolean => !taken.has(name) && !declared(name);
    if (free(base)) return base;
    for (let i = 2; ; i++) if (free(`${base}${i}`)) return `${base}${i}`;
  }

  /** Whether `node` lies in code an edit of this run replaced or removed (it is gone, not kept). */
  isReplaced(node: ts.Node): boolean {
    return this.replaced.some((range) => node.getStart(this.sf) >= range.start && node.end <= range.end);
  }

  line(node: ts.Node): number {
    return this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1;
  }

  relative(): string {
    return this.result.relative(this.sf.fileName);
  }
}

/** Names an import from an `@modelcontextprotocol/*` package binds in the file. */
function sdkImportedNames(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !statement.moduleSpecifier.text.startsWith('@modelcontextprotocol/')) continue;
    const clause = statement.importClause;
    if (clause?.name) out.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) out.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) out.add(e.name.text);
  }
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      const init = decl.initializer && unwrap(decl.initializer);
      if (init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require' && /^['"]@modelcontextprotocol\//.test(init.arguments[0]?.getText(sf) ?? '')) {
        for (const name of declaredNamesOfBinding(decl.name)) out.add(name);
      }
    }
  }
  return out;
}

export function declaredNamesOfBinding(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : declaredNamesOfBinding(e.name)));
}


/** The innermost node of `sf` whose text spans `offset`. */
function findInnermost(sf: ts.SourceFile, offset: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (offset < node.getStart(sf) || offset > node.end) return;
    found = node;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sf, visit);
  return found;
}
