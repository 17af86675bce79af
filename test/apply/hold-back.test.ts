/**
 * When apply holds back the SDK v2 move (src/apply/typecheck/hold-back.ts): only when the move is
 * requested and the type check names it among the causes of a predicted error.
 */
import { describe, expect, it } from 'vitest';
import { v1Fallback } from '../../src/apply/typecheck/hold-back.js';
import type { NewTypeError, TypeCheckResult } from '../../src/apply/typecheck/check.js';
import { DEFAULT_TRANSFORM_OPTIONS, TRANSFORMS } from '../../src/transforms/catalog.js';

function checked(...errors: Pick<NewTypeError, 'transforms' | 'cause'>[]): TypeCheckResult {
  return {
    errors: errors.map((e, i) => ({ file: '/p/src/server.ts', line: i + 1, column: 1, code: 2345, message: 'm', advice: 'a', ...e })),
    checked: ['/p/src/server.ts'],
    notChecked: [],
    compilers: [],
    programs: 0,
    ms: 0,
  };
}

describe('v1Fallback', () => {
  it('migrates again without sdk-v2, on stateless-v1, when an error names sdk-v2 (on its line or in a file it changed)', () => {
    const result = checked({ transforms: ['stateless-serving'], cause: 'edited-line' }, { transforms: ['sdk-v2', 'stateless-serving'], cause: 'changed-file' });
    const fallback = v1Fallback(TRANSFORMS, DEFAULT_TRANSFORM_OPTIONS, result);
    expect(fallback?.transforms.map((t) => t.name)).toEqual(TRANSFORMS.map((t) => t.name).filter((name) => name !== 'sdk-v2'));
    expect(fallback?.options).toEqual({ ...DEFAULT_TRANSFORM_OPTIONS, target: 'stateless-v1' });
    // Every error of the run with the move is reported as what the move would have brought.
    expect(fallback?.heldBack).toEqual({ transform: 'sdk-v2', target: 'stateless-v1', predicted: result.errors });
  });

  it('does not hold back for errors no SDK move caused, nor when the move is not requested', () => {
    expect(v1Fallback(TRANSFORMS, DEFAULT_TRANSFORM_OPTIONS, checked({ transforms: ['session-state-to-handles'], cause: 'edited-line' }))).toBeUndefined();
    expect(v1Fallback(TRANSFORMS, DEFAULT_TRANSFORM_OPTIONS, checked())).toBeUndefined();
    const sdkError = checked({ transforms: ['sdk-v2'], cause: 'edited-line' });
    expect(v1Fallback(TRANSFORMS, { ...DEFAULT_TRANSFORM_OPTIONS, target: 'stateless-v1' }, sdkError)).toBeUndefined();
    expect(v1Fallback(TRANSFORMS.filter((t) => t.name !== 'sdk-v2'), DEFAULT_TRANSFORM_OPTIONS, sdkError)).toBeUndefined();
  });
});
