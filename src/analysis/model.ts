/**
 * The analysis model's types, and nothing else: what `analyze()` builds and what rules and `apply`'s
 * transforms read. Types only, so that every layer above analysis can name the model without
 * importing the code that builds it.
 */
import type { ts } from '../typescript.js';
import type { FileDiagnostic } from '../model.js';
import type { DependencyMajorFn } from '../discovery/packages.js';
import type { SdkSymbols } from './sdk-symbols.js';
import type { SessionFlow } from './session-flow.js';
import type { ValueAnalysis } from './values.js';
import type { StoreModel, ToolReach } from './reach.js';
import type { ToolRegistration } from './tools.js';
import type { HandleFamily } from './handles.js';
import type { ToolSetGlobal } from './tool-set-globals.js';
import type { SdkFeatures } from './sdk-features.js';

/**
 * The analysis model that rules and `apply`'s transforms both read (design.md, "Analysis model").
 * `tools` and `stores` are plain data over compiler nodes; `reach` answers "which tools get here".
 */
export interface Analysis {
  sdk: SdkSymbols;
  values: ValueAnalysis;
  /** Run when first read where `analyze()` was asked to defer it. */
  readonly sessions: SessionFlow;
  /** Collected on first read where `analyze()` defers the flow. */
  readonly tools: readonly ToolRegistration[];
  reach: ToolReach;
  readonly stores: readonly StoreModel[];
  /** Where the program uses each protocol feature of the SDK description (analysis/sdk-features.ts). */
  features: SdkFeatures;
  /** Handles the code already has (analysis/handles.ts), built on first read (handle-hygiene rules, session-state-to-handles markers). */
  readonly handles: readonly HandleFamily[];
  /** Module variables one tool sets from its arguments and other tools read (analysis/tool-set-globals.ts), built on first read. */
  readonly toolSetGlobals: readonly ToolSetGlobal[];
  /** Which major of package `pkg` the project of `fromFile` uses (declared, else installed); undefined when unknown. */
  dependencyMajor: DependencyMajorFn;
}

/** What `analyze()` hands to rules and transforms: the analysis model plus the files it covers. */
export interface AnalysisResult {
  analysis: Analysis;
  /** Files that parsed and were analysed. */
  sourceFiles: ts.SourceFile[];
  diagnostics: FileDiagnostic[];
  relative(absPath: string): string;
}
