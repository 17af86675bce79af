/**
 * "Do not move a project's types to v2 where its runtime cannot move": when the guard predicts that
 * the SDK v2 move (the sdk-v2 transform) adds type errors, apply migrates again without it, on SDK 1.x
 * (`--target stateless-v1`, so no other transform writes v2 APIs either), and writes that migration
 * when it predicts fewer new errors. The errors the v2 move would have caused are reported with it,
 * so the user knows what to change before moving.
 */
import type { TransformDefinition, TransformOptions } from '../../transforms/catalog.js';
import type { NewTypeError, TypeCheckResult } from './check.js';

const SDK_MOVE = 'sdk-v2';

export interface HeldBack {
  transform: typeof SDK_MOVE;
  /** The target the written migration used instead of the requested one. */
  target: 'stateless-v1';
  /** The new type errors the migration with the SDK move was predicted to have. */
  predicted: NewTypeError[];
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
    heldBack: { transform: SDK_MOVE, target: 'stateless-v1', predicted: typeCheck.errors },
  };
}
