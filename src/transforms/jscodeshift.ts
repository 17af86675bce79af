/**
 * The jscodeshift face of a transform: `transformer(file, api, options)`.
 *
 * Planning needs the TypeScript checker across files (which helper a tool calls, every caller of
 * that helper), so it runs on ts-morph's tree, not on jscodeshift's; the edits it yields are text
 * ranges so untouched code keeps its exact formatting. `apply` passes the cross-file plan in
 * `options.plan`; run alone (`npx jscodeshift -t transforms/<name>.ts file.ts`), the transformer
 * plans from what that single file shows. Either way jscodeshift's parser must accept the
 * output, or the file is left as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { analyze } from '../analysis/analyze.js';
import { dependencyMajor } from '../discovery/packages.js';
import type { AnalysisResult } from '../analysis/model.js';
import { DEFAULT_HANDLE_MAX_AGE, DEFAULT_HANDLE_TTL, DEFAULT_TRANSFORM_OPTIONS, type TransformOptions, type TransformPlan } from './kit/plan.js';
import { applyEdits } from './kit/edits.js';
import { parseDuration } from './kit/duration.js';

interface FileInfo {
  path: string;
  source: string;
}

/** The part of jscodeshift's API we use: its parser, to prove the output parses. */
interface TransformApi {
  jscodeshift: (source: string) => unknown;
}

interface TransformerOptions {
  /** The cross-file plan from `apply`; planned against `planSources`. */
  plan?: TransformPlan;
  planSources?: ReadonlyMap<string, string>;
  dry?: boolean;
  [key: string]: unknown;
}

export type Transformer = ((file: FileInfo, api: TransformApi, options?: TransformerOptions) => string | undefined) & { transformName: string };

export function createTransformer(name: string, planner: (result: AnalysisResult, options: TransformOptions) => TransformPlan): Transformer {
  const transformer = (file: FileInfo, api: TransformApi, options: TransformerOptions = {}): string | undefined => {
    const absolute = path.resolve(file.path);
    let plan = options.plan;
    if (!plan || options.planSources?.get(absolute) !== file.source) {
      // Alone: plan from this file only (helpers in other files are out of sight).
      // The file's project still says which majors of its dependencies it uses (mcp-handler 1 or 2 for a call without its config).
      const dependencyMajorOf = (from: string, pkg: string): number | undefined => dependencyMajor(pkg, path.dirname(from));
      const result = analyze({ files: new Map([[absolute, file.source]]), resolve: () => undefined, dependencyMajor: dependencyMajorOf, relative: (p) => p });
      plan = planner(result, standaloneOptions(options));
      if (!options.dry) writeNewFiles(plan);
    }
    const edits = plan.edits.filter((e) => e.file === absolute);
    if (edits.length === 0) return undefined;
    const output = applyEdits(file.source, edits);
    api.jscodeshift(output); // throws on a syntax error: jscodeshift then reports the file and leaves it alone
    return output;
  };
  return Object.assign(transformer, { transformName: name });
}

/**
 * The options of a standalone run, as jscodeshift passes them from its command line: the same flags
 * as `apply` (`--target stateless-v1`, `--modern-only`, `--store redis`, `--handle-ttl 30m`,
 * `--handle-max-age 7d`), camelCase accepted too. jscodeshift hands on an unknown flag as `true`
 * only when another option follows it, and parses `--flag=value` values as JSON, so `--modern-only`
 * may arrive as true, 1, 'true' or '1'. An unknown target is an error (jscodeshift reports it per
 * file and leaves the file alone) rather than a silent fall-back to another migration.
 */
function standaloneOptions(options: TransformerOptions): TransformOptions {
  const target = options.target ?? DEFAULT_TRANSFORM_OPTIONS.target;
  if (target !== '2026-07-28' && target !== 'stateless-v1') throw new Error(`--target must be 2026-07-28 or stateless-v1, not ${String(target)}`);
  const modernOnly = options['modern-only'] ?? options.modernOnly ?? false;
  return {
    ttlMs: parseDuration(String(options['handle-ttl'] ?? options.handleTtl ?? DEFAULT_HANDLE_TTL)) ?? DEFAULT_TRANSFORM_OPTIONS.ttlMs,
    maxAgeMs: parseDuration(String(options['handle-max-age'] ?? options.handleMaxAge ?? DEFAULT_HANDLE_MAX_AGE)) ?? DEFAULT_TRANSFORM_OPTIONS.maxAgeMs,
    target,
    modernOnly: modernOnly === true || modernOnly === 1 || modernOnly === 'true' || modernOnly === '1',
    store: options.store === 'redis' ? 'redis' : 'memory',
    standalone: true,
  };
}

/** Standalone runs write the generated module next to the file, once (never over an existing file). */
function writeNewFiles(plan: TransformPlan): void {
  for (const [file, text] of plan.newFiles) {
    if (!fs.existsSync(file)) fs.writeFileSync(file, text, { flag: 'wx' });
  }
}
