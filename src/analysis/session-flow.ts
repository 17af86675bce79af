/**
 * Where the MCP session id comes from and what it keys.
 *
 * Sources (found by `ValueAnalysis`): `extra.sessionId` / `ctx.sessionId` (and destructured
 * `{ sessionId }`), `transport.sessionId`, the `mcp-session-id` header, and the argument of
 * `onsessioninitialized` / `onsessionclosed`. From each read we follow the value forwards:
 * through variables, `??`/`||`, template literals and concatenation (a derived key),
 * arguments of local helpers (into their parameters) and return values (back to callers),
 * to its sinks: a store access (`map.get(sid)`, `obj[sid]`, `redis.get(\`cart:${sid}\`)`),
 * a log or trace call, or something else. Stores are then classified by what they hold:
 * transports (a session routing registry), server instances, or application state.
 *
 * This module assembles the analysis and keeps what rules and transforms read of it (`SessionFlow`); each step
 * lives in a module of its own: finding the reads (session-id-reads.ts), following a read to its sinks
 * (session-id-sinks.ts, with log-call recognition in log-calls.ts), finding a store's declaration
 * (store-declarations.ts, over keyed-collections.ts) and classifying the store (store-classification.ts, by the
 * SDK values it holds: held-sdk-values.ts). The shapes it produces are in session-flow-types.ts.
 */
import { ts } from '../typescript.js';
import { pathsOf, type ValueAnalysis } from './values.js';
import { outermostWrapper, unwrap } from './ast.js';
import type { Value } from './value.js';
import type { SessionIdInjection, SessionRead, SessionStore, Sink } from './session-flow-types.js';
import { findInjectedReads, findSessionIdReads } from './session-id-reads.js';
import { SessionIdSinks } from './session-id-sinks.js';
import { storeRoot } from './keyed-collections.js';
import { storeDeclaration } from './store-declarations.js';
import { callsIntoSessionRegistry, classifyStore } from './store-classification.js';
import { fieldsReadBack } from './record-fields.js';

// The shapes and the collection test other modules import from here, where they have always been.
export type { SessionRead, SessionStore, Sink } from './session-flow-types.js';
export { isCollectionDeclaration } from './keyed-collections.js';

export class SessionFlow {
  readonly reads: SessionRead[] = [];
  readonly stores = new Map<ts.Node, SessionStore>();
  /** Files whose analysis threw (deeply nested generated code, a bug of ours): their reads are lost, nothing else. */
  readonly failures: Array<{ file: string; error: unknown }> = [];
  private readonly queryCandidates: Array<{ node: ts.Node; nameNode: ts.Node }> = [];
  /**
   * Where the project copies the session id by hand into a field of a request's `_meta` (`params._meta.mcpSessionId =
   * sid`), so that handlers can read it back: the call of the helper that does it (each call, whatever it passes), or
   * the assignment itself. Reads of the field anywhere are then session-id reads (origin `injected`).
   */
  readonly injections: SessionIdInjection[] = [];

  /**
   * Calls (neither a store access nor a log) that receive the session id as an argument, with the argument positions:
   * `isSessionOwnedBy(sessionId, userId)`, `storeSessionMetadata(sid, auth)` (what else the call receives is the
   * `session-auth` analysis' question).
   */
  readonly passedTo = new Map<ts.CallExpression, Set<number>>();

  /** Follows each read to its sinks, filling `injections` and `passedTo` on the way. */
  private readonly sinks: SessionIdSinks;

  constructor(
    private readonly values: ValueAnalysis,
    private readonly files: readonly ts.SourceFile[],
  ) {
    this.sinks = new SessionIdSinks(values, this.injections, this.passedTo);
  }

  run(): this {
    for (const file of this.files) {
      try {
        this.collectReads(file);
      } catch (error) {
        this.failures.push({ file: file.fileName, error });
      }
    }
    findInjectedReads(this.files, this.values, this.injections, (reportAt, valueNode, value) => this.addRead(reportAt, valueNode, value));
    for (const read of this.reads) {
      for (const sink of read.sinks) if (sink.kind === 'store') this.addStoreAccess(sink, read);
    }
    for (const store of this.stores.values()) store.kind = classifyStore(this.values, store);
    for (const store of this.stores.values()) {
      if (store.kind !== 'transport') continue;
      const held = fieldsReadBack(this.values, store, this.files);
      if (held.length > 0) store.heldState = held;
    }
    // `registry.getOrCreate(sid)` on an instance of the project's own class whose collection is a session registry:
    // the calls are that registry's accesses, not a KV client's.
    for (const store of this.stores.values()) {
      if (store.kind === 'state' && !store.declaration && store.accesses.length > 0 && store.accesses.every((a) => callsIntoSessionRegistry(this.values, this.stores, a.node))) store.kind = 'session';
    }
    this.promoteRegistryLookups();
    return this;
  }

  /** One file's reads: the step whose failure `run` keeps to that file (a method, so tests can make it fail). */
  private collectReads(file: ts.SourceFile): void {
    findSessionIdReads(file, this.values, { addRead: (reportAt, valueNode, value) => this.addRead(reportAt, valueNode, value), queryCandidates: this.queryCandidates });
  }

  /**
   * `?sessionId=` reads outside a recognisable SSE endpoint route (a helper, a `node:http` listener): a session
   * id when, and only when, they look up a transport registry found from other reads. They never create stores,
   * so an application's own `sessionId` query parameter keys nothing here.
   */
  private promoteRegistryLookups(): void {
    const known = new Set(this.reads.map((r) => r.node));
    for (const { node, nameNode } of this.queryCandidates) {
      if (known.has(nameNode)) continue;
      const sinks = this.sinks.flow(node, new Set(), []);
      if (sinks.some((sink) => sink.kind === 'store' && this.storeOfSink(sink)?.kind === 'transport')) {
        this.reads.push({ node: nameNode, origin: 'query', hops: [], paths: [[]], sinks, guard: false });
      }
    }
  }

  /** Reads of the `?sessionId=` an HTTP+SSE client posts with (in the endpoint's route, or looking up a transport registry). */
  registryLookups(): SessionRead[] {
    // The query read itself: a copy of its value handed on (`recordClientDisconnected({ sessionId })` read as
    // `client.sessionId` in the callee) reads no query (lunar's system state, sweep 10's flow through inline literals).
    return this.reads.filter((read) => read.origin === 'query' && read.hops.length === 0);
  }

  /** The store an access belongs to (for `isRegistryReference` and rules). */
  storeOfSink(sink: Sink): SessionStore | undefined {
    return sink.store ? this.stores.get(this.storeKey(sink.store, sink.chain ?? sink.key ?? sink.node)) : undefined;
  }

  /** Declarations of transport registries: rules use them to recognise routing code. */
  registryDeclarations(): Set<ts.Node> {
    const out = new Set<ts.Node>();
    for (const store of this.stores.values()) if (store.kind === 'transport' && store.declaration) out.add(store.declaration);
    return out;
  }

  /** All identifiers in the declaring scope that denote the same symbol as `name` (excluding the declaration). */
  referencesOf(name: ts.Identifier): ts.Identifier[] {
    return this.sinks.referencesOf(name);
  }

  /** The declaration of a collection (`const carts = new Map()`, `transports = {}`, a class field) — not of a client. */
  storeDeclaration(store: ts.Expression, depth = 0): ts.Node | undefined {
    return storeDeclaration(this.values, store, depth);
  }

  private storeKey(store: ts.Expression, at: ts.Node): ts.Node {
    return storeDeclaration(this.values, store) ?? this.memberOfDeclaredType(store) ?? at;
  }

  /**
   * `plugin.sessions` where `sessions` is a member of a project type (`interface Plugin { sessions: Map<…> }`), a
   * collection no declaration here creates: its accesses are still one store, so that what is written into it at one
   * (`{ server, transport }`) classifies the reads at the others (sweep 25 Y3). Application state kept so is still reported at each access (there is no declaration to re-key).
   */
  private memberOfDeclaredType(store: ts.Expression): ts.Node | undefined {
    const inner = unwrap(store);
    if (!ts.isPropertyAccessExpression(inner)) return undefined;
    const member = this.values.symbolOf(inner.name)?.valueDeclaration;
    if (!member || !(ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) || member.getSourceFile().isDeclarationFile) return undefined;
    // `interface Keyed<T> { items: Map<string, T> }`: each instantiation holds other things (review 37 R2), not one store.
    const owner = member.parent;
    const typeParameters = (ts.isInterfaceDeclaration(owner) || ts.isClassLike(owner) ? owner.typeParameters : undefined) ?? [];
    const names = new Set(typeParameters.map((p) => p.name.text));
    if (names.size > 0 && member.type && mentionsAny(member.type, names)) return undefined;
    return member;
  }

  private addRead(reportAt: ts.Node, valueNode: ts.Node, value: Value): void {
    const sinks = this.sinks.flow(valueNode, new Set(), []);
    const guard = !!valueNode.parent && ts.isTypeOfExpression(outermostWrapper(valueNode).parent ?? valueNode);
    this.reads.push({ node: reportAt, origin: value.origin ?? 'context', hops: value.hops, paths: pathsOf(value), sinks, guard });
  }

  private addStoreAccess(sink: Sink, read: SessionRead): void {
    const at = sink.chain ?? sink.key ?? sink.node;
    const key = this.storeKey(sink.store!, at);
    let store = this.stores.get(key);
    if (!store) {
      const declaration = storeDeclaration(this.values, sink.store!);
      const root = storeRoot(sink.store!);
      const rootName = ts.isPropertyAccessExpression(root) ? root.name.text : root.getText();
      const declared = (declaration as { name?: ts.Node } | undefined)?.name;
      // Reached through a parameter of another name (`handle({ activeTransports: activeStreamTransports })`): the collection's own name.
      const name = declared && ts.isIdentifier(declared) && declared.text !== rootName ? declared.text : root.getText();
      store = { kind: 'state', declaration, name, accesses: [], reads: [] };
      this.stores.set(key, store);
    }
    store.accesses.push(sink);
    if (!store.reads.includes(read)) store.reads.push(read);
  }
}

/** Whether `type` names one of `names` (a type parameter) anywhere inside it. */
function mentionsAny(type: ts.Node, names: ReadonlySet<string>): boolean {
  if (ts.isIdentifier(type) && names.has(type.text)) return true;
  return ts.forEachChild(type, (child) => mentionsAny(child, names) || undefined) ?? false;
}
