/**
 * What every transform's planner returns, and the options `apply` passes to all of them. A plan
 * is data: text edits against the texts that were analysed, new files, and what was left for a
 * person (each marker is also written into the code as an edit).
 */
import type { TextEdit } from './edits.js';
import { parseDuration } from './duration.js';

type Target = '2026-07-28' | 'stateless-v1';
type StoreBackend = 'memory' | 'redis';

export interface TransformOptions {
  /** Idle lifetime of a handle, in milliseconds. */
  ttlMs: number;
  /** Absolute lifetime of a handle (from its minting, however often it is used), in milliseconds. */
  maxAgeMs: number;
  /** `2026-07-28` ends on SDK v2 (createMcpHandler); `stateless-v1` stays on SDK 1.x. */
  target: Target;
  /** Drop the SDK's legacy (2025-era) serving modes. */
  modernOnly: boolean;
  /** Where re-keyed handle state lives: the user's own store (memory) or a generated Redis store. */
  store: StoreBackend;
  /** Planned from one file (a jscodeshift entry run alone): what the rest of the project holds is out of sight. */
  standalone?: boolean;
  /**
   * Package directories (absolute; `packageDirOf`) where `apply` holds the SDK v2 move back because its type check
   * predicted the move would add type errors there: their files stay on SDK 1.x, the other packages move.
   */
  sdkMoveHeldIn?: readonly string[];
  /** The folders `apply` was pointed at (absolute; a file's folder for a file): what a transform may edit beyond what the analysis loaded. */
  scope?: readonly string[];
  /** Globs of test files, relative to the report's root (scan's `testFiles`): code there calls helpers to test them, not as an entry of the server. */
  testFiles?: readonly string[];
}

/** The handles' default lifetimes as the user writes them (`--handle-ttl`, `--handle-max-age`): the one place they are set. */
export const DEFAULT_HANDLE_TTL = '24h';
export const DEFAULT_HANDLE_MAX_AGE = '7d';

export const DEFAULT_TRANSFORM_OPTIONS: TransformOptions = { ttlMs: parseDuration(DEFAULT_HANDLE_TTL)!, maxAgeMs: parseDuration(DEFAULT_HANDLE_MAX_AGE)!, target: '2026-07-28', modernOnly: false, store: 'memory' };

export interface PlannedMarker {
  file: string;
  line: number;
  ruleId: string;
  message: string;
}

export type NamingStyle = 'snake' | 'camel';

/** Names the handle pattern gives a store (session-state-to-handles/naming.ts makes them); the report shows them. */
export interface HandleNames {
  noun: string;
  argument: string;
  mintTool: string;
  idempotencyKey: string;
  registry: string;
  style: NamingStyle;
}

/** One session-keyed store and what the handles transform did with it (the report's Handles table). */
export interface StoreOutcome {
  store: string;
  file: string;
  line: number;
  status: 'rewritten' | 'marked';
  names?: HandleNames;
  tools: string[];
  /** The minting tool is new (`create_<noun>`) or an existing tool that now returns the handle. */
  minting?: 'new-tool' | 'existing-tool';
  /** The store lives in this process (a Map, an object): it does not survive a second instance. */
  inProcess: boolean;
  reason?: string;
  /**
   * Where the marker about this store stands, when it was marked (the report lists the store by that marker): as
   * planned, the line of the statement it goes above in the text the transform planned from; after `apply`, the
   * marker's own line in the final text (as `manual` lists it), with its rule.
   */
  markedAt?: { file: string; line: number; ruleId?: string };
  /** Set by `apply`: the store was marked, but a later transform removed the marker with the code it marked. */
  markerRemoved?: boolean;
  /** Serving plumbing keyed by the session id (a transport registry): never a candidate for a handle, not counted as a store left unconverted. */
  plumbing?: boolean;
}

/** A store the shared-store transform moved out of the process, with its handle registry. */
export interface SharedStore {
  store: string;
  file: string;
  backend: StoreBackend;
  /** Tools whose handlers load, change and save it (withSharedState). */
  tools: string[];
}

export interface TransformPlan {
  /**
   * Edits against the analysed texts. A file `apply` did not load (package.json, a config) may be
   * edited too: `apply` reads it from disk first.
   */
  edits: TextEdit[];
  newFiles: Map<string, string>;
  markers: PlannedMarker[];
  /** Handles transform: every session-keyed store and its outcome. */
  stores?: StoreOutcome[];
  /** Handles transform: session ids that only reached logs, now the request id. */
  telemetry?: Array<{ file: string; line: number }>;
  /** Shared-store transform: stores (and their handle registries) moved out of the process. */
  sharedStores?: SharedStore[];
  /** One line each, for the report: what the transform did that is not a store (e.g. "serving: createMcpHandler"). */
  notes?: string[];
  /**
   * SDK move: the notes (each also in `notes`) of code left on SDK v1 until the user acts (a package.json that is not
   * JSON, the tasks layer, a dependency built on v1, …) and runs apply again. The migration asked for is then not done:
   * the exit code says so, as for a move the type check held back (review 40b S40-8).
   */
  heldOnV1?: string[];
  /**
   * What the transform did in one file, in a few words (`background sendLoggingMessage → stderr (marked)`): MIGRATION.md's
   * "What changed" says this for the file instead of the transform's general summary, which may describe another rewrite.
   */
  fileNotes?: Array<{ file: string; what: string }>;
  /**
   * Notes about a comment left in the code (the official codemod's `@mcp-codemod-error`): settled
   * after the last transform, one per line that still holds the comment, at its line then — a later
   * transform may have moved it, or removed it with the code it was about.
   */
  anchoredNotes?: AnchoredNote[];
  /** package.json decisions that hang on what later transforms leave of the code (see `DeferredManifestEdit`). */
  deferredManifests?: DeferredManifestEdit[];
}

/**
 * A package.json decision a transform makes on the code as it is then, revised once every transform has run: the SDK
 * move keeps `@modelcontextprotocol/sdk` for a file that still imports an SDK 1.x path the codemod could not move, and a
 * later transform may remove that import with the code that used it (the event store, sweep 30 AD2).
 */
export interface DeferredManifestEdit {
  manifest: string;
  /** The note that states the decision: replaced when it is revised. */
  note: string;
  /** The manifest's text revised for the final texts of the files, and the note that says so; undefined when the decision stands. */
  revise(manifestText: string, files: ReadonlyMap<string, string>): { text: string; note: string } | undefined;
}

export interface AnchoredNote {
  file: string;
  /** Text that stands on the line the note is about. */
  anchor: string;
  /** The note for the anchor at this 1-based line. */
  note(line: number): string;
}

export function emptyPlan(): TransformPlan {
  return { edits: [], newFiles: new Map(), markers: [] };
}
