/**
 * "Do not move a project's types to v2 where its runtime cannot move": when the guard predicts that
 * the SDK v2 move (the sdk-v2 transform) adds type errors, apply migrates again without it, on SDK 1.x
 * (`--target stateless-v1`, so no other transform writes v2 APIs either), and writes that migration
 * when it predicts fewer new errors. The errors the v2 move would have caused are reported with it,
 * so the user knows what to change before moving.
 */
import type { TransformDefinition, TransformOptions } from '../../transforms/catalog.js';
import { packageDirOf } from '../../transforms/kit/package-json.js';
import type { NewTypeError, TypeCheckResult } from './check.js';

const SDK_MOVE = 'sdk-v2';

export interface HeldBack {
  transform: typeof SDK_MOVE;
  /** The target the written migration used instead of the requested one. */
  target: 'stateless-v1';
  /** The new type errors the migration with the SDK move was predicted to have (in the held packages, when `packages` is set). */
  predicted: NewTypeError[];
  /**
   * Set when the move was held back in some packages only: their directories (absolute). Their files stay on
   * SDK 1.x; the other packages moved to SDK v2 and the other transforms ran on the requested target.
   */
  packages?: string[];
  /**
   * `--modern-only` was asked for: the held code stays on SDK 1.x, which has no 2026-07-28 path, so there it keeps
   * serving 2025-era clients only (sweep 35 AI6).
   */
  modernOnly?: true;
}

interface Fallback {
  transforms: TransformDefinition[];
  options: TransformOptions;
  heldBack: HeldBack;
}

/**
 * The migration to try instead, when the SDK move is among the transforms and among the causes of a
 * predicted error. Errors no SDK move caused would be the same on SDK 1.x: no fallback for them.
 */
export function v1Fallback(transforms: readonly TransformDefinition[], options: TransformOptions, typeCheck: TypeCheckResult): Fallback | undefined {
  if (options.target !== '2026-07-28' || !transforms.some((t) => t.name === SDK_MOVE)) return undefined;
  if (!typeCheck.errors.some((e) => e.transforms.includes(SDK_MOVE))) return undefined;
  return {
    transforms: transforms.filter((t) => t.name !== SDK_MOVE),
    options: { ...options, target: 'stateless-v1' },
    heldBack: { transform: SDK_MOVE, target: 'stateless-v1', predicted: typeCheck.errors, ...(options.modernOnly ? { modernOnly: true as const } : {}) },
  };
}

/** The packages (`packageDirOf`) of the files the SDK move changed. */
export function packagesMoved(changes: ReadonlyArray<{ file: string; transforms: readonly string[] }>): Set<string> {
  return new Set(changes.filter((c) => c.transforms.includes(SDK_MOVE)).map((c) => packageDirOf(c.file)));
}

/** The packages of the predicted errors the SDK move caused. */
export function packagesBrokenByMove(typeCheck: TypeCheckResult): Set<string> {
  return new Set(typeCheck.errors.filter((e) => e.transforms.includes(SDK_MOVE)).map((e) => packageDirOf(e.file)));
}

/**
 * Holding the move back in some packages only: in a monorepo one package's errors should not keep every other
 * package on SDK 1.x. Offered when the full migration's SDK-move errors lie in packages that leave at least one
 * moved package beside them; `apply` then migrates again with those packages held (`sdkMoveHeldIn`), checks, and
 * widens the set while the check finds SDK-move errors in packages not yet held.
 */
export function partialHoldBack(options: TransformOptions, full: { changes: ReadonlyArray<{ file: string; transforms: readonly string[] }> }, typeCheck: TypeCheckResult): Set<string> | undefined {
  if (options.target !== '2026-07-28') return undefined;
  const broken = packagesBrokenByMove(typeCheck);
  if (broken.size === 0) return undefined;
  const moved = packagesMoved(full.changes);
  return [...moved].some((p) => !broken.has(p)) ? broken : undefined;
}

/** The held-back record of a partial hold-back: the errors the move was predicted to cause in the held packages. */
export function heldInPackages(predicted: readonly NewTypeError[], held: ReadonlySet<string>, modernOnly = false): HeldBack {
  return { transform: SDK_MOVE, target: 'stateless-v1', predicted: predicted.filter((e) => e.transforms.includes(SDK_MOVE) && held.has(packageDirOf(e.file))), packages: [...held].sort(), ...(modernOnly ? { modernOnly: true as const } : {}) };
}
