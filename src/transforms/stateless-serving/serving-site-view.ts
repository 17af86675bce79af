/**
 * The view of a file's serving plan that the rewrites returning reasons instead of throwing work through
 * (session-registry.ts and its modules, legacy-sse.ts, era-modern-only.ts, sse-handler-calls.ts); serving-site.ts
 * builds it from the plan's ServingFile. Declared apart, with nothing of the plan imported, so those rewrites
 * stay below the plan's own modules and see only what they may do to the file.
 */
import type { ts } from '../../typescript.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { RouteFramework } from '../../analysis/routes.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import type { TransformOptions } from '../kit/plan.js';
import type { TextEdit } from '../kit/edits.js';

/** What the rewrite needs of the file's serving plan (edits, imports, the factory of a connect). */
export interface ServingSite {
  readonly sf: ts.SourceFile;
  readonly result: AnalysisResult;
  readonly options: Pick<TransformOptions, 'target' | 'modernOnly' | 'standalone'>;
  /** The file's indentation unit. */
  readonly unit: string;
  /** Names imported from the SDK (plumbing, not custom logic). */
  readonly sdkNames: ReadonlySet<string>;
  /** `text` in the file's quotes. */
  q(text: string): string;
  edit(start: number, end: number, text: string): void;
  /** Removes a whole statement with the comments directly above it. */
  remove(statement: ts.Node): void;
  /**
   * Statements of other files of the program that go (a route there mounting a handler this rewrite removes) or become
   * `text`: written, with what only they used, once every file is planned (elsewhere-removals.ts).
   */
  removeElsewhere(removals: ReadonlyArray<{ node: ts.Node; text?: string; edits?: readonly TextEdit[]; entry?: boolean; after?: boolean }>): void;
  /** Removes registries when the file's rewrites are done (two properties of one object together: the object goes). */
  removeRegistries(registries: readonly SessionStore[]): void;
  marker(node: ts.Node, ruleId: string, message: string): void;
  addImport(module: string, name: string): void;
  note(text: string): void;
  freshName(base: string): string;
  /** The factory `scope` builds the server `transport` is connected to, or why it is not one. */
  factoryOf(scope: ts.Node, transport: ts.NewExpression): { expression: string; call: string; names: string[]; keepInstance?: () => void } | string;
  /** Why `root` is more than session plumbing (it uses a name other than globals, the SDK, loggers, its own and `allowed`); undefined when it is not. */
  plumbingRefusal(root: ts.Node, allowed: readonly string[], where: string): string | undefined;
  /** The transport's options by name, or why they cannot be read. */
  transportOptions(created: ts.NewExpression): Record<string, ts.Node> | string;
  /**
   * Writes the 2026-07-28 entry `createMcpHandler(factory, …)` mounted on the router of the registration `route` with
   * `all(path, …its middlewares)`, in the router's idiom: in place of the statement `at` (and the comments above it),
   * or after it (`beside`). `parsedBody`: a body parser ran before the route, so the entry is handed `req.body`.
   * Returns the handler's name.
   */
  writeEntry(route: ts.CallExpression, framework: RouteFramework, entry: { path: string; factory: string; parsedBody: boolean }, at: ts.Node, beside: boolean): string;
  /**
   * The same entry for a route of another module (`route`, the statement `at` it takes the place of or follows): its
   * code, and the edits of that module's imports (`imports`, with the entry's own; imports only the `replaced`
   * statements used go).
   * Handed to `removeElsewhere` with the statement it replaces.
   */
  entryElsewhere(route: ts.CallExpression, framework: RouteFramework, entry: { path: string; factory: string; parsedBody: boolean }, at: ts.Node, imports: ReadonlyArray<{ module: string; name: string }>, replaced: readonly ts.Node[]): { text: string; edits: TextEdit[]; handlerName: string };
}
