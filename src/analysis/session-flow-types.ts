/**
 * What the session-id flow analysis (`SessionFlow`, session-flow.ts) finds: each read of the session id, the sinks
 * its value reaches, and the stores it keys. A module of their own so that the modules doing the finding and the
 * classifying can name them without importing the analysis that assembles them.
 */
import type { ts } from '../typescript.js';
import type { Hop, SessionIdOrigin } from './value.js';

type SinkKind = 'store' | 'log' | 'other';

export interface Sink {
  kind: SinkKind;
  /** The store / log call / other use site. */
  node: ts.Node;
  /** For stores: the receiver or indexed object; for writes the stored value. */
  store?: ts.Expression;
  written?: ts.Expression;
  /** The key expression as it reaches the store (the read itself, or a template/concatenation containing it). */
  key?: ts.Node;
  derivedKey?: boolean;
  /** For a chain of store commands (`redis.multi().hset(…).expire(…)`): its first call, the same for every link. */
  chain?: ts.Node;
  description: string;
  hops: readonly Hop[];
}

export interface SessionRead {
  /** The `sessionId` name node, the header name, or the callback parameter. */
  node: ts.Node;
  origin: SessionIdOrigin;
  /** How the context or id reached this read (empty when read directly in a handler): the first path, for messages. */
  hops: readonly Hop[];
  /** Every path to this read: one per chain of callers (a helper reached from five tools has five). */
  paths: ReadonlyArray<readonly Hop[]>;
  sinks: Sink[];
  /** `typeof ctx.sessionId === 'string'`: a type guard next to the real read, not a use of its own. */
  guard: boolean;
}

/**
 * `session`: the HTTP layer's own record of each session (a hand-rolled session registry: validation, expiry,
 * identity binding) — entries that carry the session's own id and no SDK object — keyed only by ids the serving
 * code reads from the `Mcp-Session-Id` header or mints and sends as one, never by an id a handler reads from its
 * context. Serving plumbing, like a transport registry.
 */
export type StoreKind = 'transport' | 'server' | 'session' | 'state';

export interface SessionStore {
  kind: StoreKind;
  /** A collection declared in the project (Map/Set/object/array/class field) is reported once, at its declaration. */
  declaration?: ts.Node;
  name: string;
  /** Every session-keyed access; for client-like stores (Redis, KV) each access is reported at its key. */
  accesses: Sink[];
  reads: SessionRead[];
  /**
   * For a transport registry: its records hold the session's SDK server too (`{ transport, server }`, a project
   * class built with both). Serving plumbing all the same (`kind` stays `transport` for the transforms), but the
   * server it keeps per session makes it a per-session-server site rather than a transport registry.
   */
  holdsServer?: boolean;
  /**
   * For a transport or server registry: the fields of its records that keep state code reads back (a credential,
   * a client's settings), found by `record-fields.ts`. Removing such a registry with the session routing would lose them.
   */
  heldState?: readonly HeldField[];
}

/** A field of a registry's per-session records that holds state, and where it is read back. */
export interface HeldField {
  name: string;
  reads: readonly ts.Node[];
}

/**
 * A place the project copies the session id by hand into a field of a request's `_meta` (`params._meta.mcpSessionId =
 * sid`): the call of the helper that does it, or the assignment itself (`SessionFlow.injections`).
 */
export interface SessionIdInjection {
  node: ts.Node;
  field: string;
  assignment: ts.BinaryExpression;
}
