/**
 * What an expression denotes (`Value`), and the questions about values that the recognisers below
 * the inference ask (`ValueQueries`: routes, framework values, handler registrations, constructor options).
 * Types and one predicate on them: `ValueAnalysis` (values.ts) infers the values and answers the questions,
 * and can hand itself to those recognisers without their importing it.
 */
import type { ts } from '../typescript.js';
import type { SdkSymbols } from './sdk-symbols.js';

type ValueKind =
  | 'mcp-server'
  | 'server'
  | 'transport'
  | 'context'
  | 'context-request'
  | 'session-id'
  | 'registered'
  /** A value of a framework built on the SDK (`src/frameworks`): `cls` is its role there (`server`, `session`, `context`). */
  | 'framework'
  /** A project object type (`{ server: McpServer; transport: … }`, an interface) whose members may be SDK values. */
  | 'shape';
/** `query`: the `?sessionId=` an HTTP+SSE client posts its messages with (`/messages?sessionId=…`). */
/**
 * `injected`: a field of the request's `_meta` that the project's own plumbing fills with the session id
 * (`params._meta.mcpSessionId = sessionId`) and handlers read back.
 */
export type SessionIdOrigin = 'context' | 'transport' | 'header' | 'callback' | 'query' | 'injected';

export interface Hop {
  text: string;
  node: ts.Node;
  /** The id went into a request-context store (`als.run({ sessionId }, …)`) and out of it where the request is served. */
  via?: 'context-store';
}

export interface Value {
  kind: ValueKind;
  /** SDK class name for instances (`McpServer`, `StreamableHTTPServerTransport`, ...). */
  cls?: string;
  /** For `framework`: which framework description it belongs to. */
  framework?: string;
  origin?: SessionIdOrigin;
  /**
   * For `shape`: the type literal or interface that declares its members; or a project class a type
   * parameter is instantiated with (`class Runner<T extends { server: … }>` used as `Runner<AppServer>`).
   */
  shape?: ts.TypeLiteralNode | ts.InterfaceDeclaration | ts.ClassLikeDeclaration;
  /** How the value reached here, for messages: the first path found. */
  hops: readonly Hop[];
  /**
   * Every path by which the value reaches here, one per chain of callers (a helper called from five tools has
   * five); absent when there is only `hops`. Capped at MAX_PATHS.
   */
  paths?: ReadonlyArray<readonly Hop[]>;
  /** What other callers pass for the same parameter when it is of another kind (a helper called with `server` and with `extra`). */
  alternatives?: readonly Value[];
}

/** The questions about values that routes and framework values ask; `ValueAnalysis` answers them. */
export interface ValueQueries {
  readonly sdk: SdkSymbols;
  valueOf(node: ts.Node): Value | undefined;
  symbolOf(node: ts.Node): ts.Symbol | undefined;
  constantString(node: ts.Node): string | undefined;
}

/** An SDK server: the high-level `McpServer` or the low-level `Server`. */
export function isServerKind(value: Value | undefined): boolean {
  return value?.kind === 'mcp-server' || value?.kind === 'server';
}
