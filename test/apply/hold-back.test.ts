/**
 * When apply holds back the SDK v2 move (src/apply/typecheck/hold-back.ts): only when the move is
 * requested and the type check names it among the causes of a predicted error.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { heldInPackages, partialHoldBack, v1Fallback } from '../../src/apply/typecheck/hold-back.js';
import type { NewTypeError, TypeCheckResult } from '../../src/apply/typecheck/check.js';
import { DEFAULT_TRANSFORM_OPTIONS, TRANSFORMS } from '../../src/transforms/catalog.js';
import { tempTree } from '../support/temp-tree.js';
import { Chalk } from 'chalk';
import { heldBackSummaryLines } from '../../src/apply/typecheck/render.js';

function checked(...errors: (Pick<NewTypeError, 'transforms' | 'cause'> & { file?: string })[]): TypeCheckResult {
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

  it('records that --modern-only could not apply where the code stays on SDK 1.x, and says so (sweep 35 AI6)', () => {
    const result = checked({ transforms: ['sdk-v2'], cause: 'edited-line' });
    const fallback = v1Fallback(TRANSFORMS, { ...DEFAULT_TRANSFORM_OPTIONS, modernOnly: true }, result);
    expect(fallback?.heldBack.modernOnly).toBe(true);
    const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain(heldBackSummaryLines(fallback!.heldBack, (f) => f, new Chalk({ level: 0 }))[0]!)).toContain('--modern-only does not apply: SDK 1.x has no 2026-07-28 path');
    expect(heldBackSummaryLines(v1Fallback(TRANSFORMS, DEFAULT_TRANSFORM_OPTIONS, result)!.heldBack, (f) => f, new Chalk({ level: 0 }))[0]).not.toContain('--modern-only');
    expect(heldInPackages(result.errors, new Set(['/p']), true).modernOnly).toBe(true);
  });

  it('does not hold back for errors no SDK move caused, nor when the move is not requested', () => {
    expect(v1Fallback(TRANSFORMS, DEFAULT_TRANSFORM_OPTIONS, checked({ transforms: ['session-state-to-handles'], cause: 'edited-line' }))).toBeUndefined();
    expect(v1Fallback(TRANSFORMS, DEFAULT_TRANSFORM_OPTIONS, checked())).toBeUndefined();
    const sdkError = checked({ transforms: ['sdk-v2'], cause: 'edited-line' });
    expect(v1Fallback(TRANSFORMS, { ...DEFAULT_TRANSFORM_OPTIONS, target: 'stateless-v1' }, sdkError)).toBeUndefined();
    expect(v1Fallback(TRANSFORMS.filter((t) => t.name !== 'sdk-v2'), DEFAULT_TRANSFORM_OPTIONS, sdkError)).toBeUndefined();
  });
});

describe('partialHoldBack', () => {
  // Temporary packages: packageDirOf finds each file's package by its package.json.
  const root = tempTree({ 'package.json': '{}', 'packages/a/package.json': '{}', 'packages/b/package.json': '{}', 'packages/a/src/x.ts': '', 'packages/b/src/y.ts': '' });
  const a = path.join(root, 'packages/a');
  const b = path.join(root, 'packages/b');
  const moved = (...files: string[]) => ({ changes: files.map((file) => ({ file, transforms: ['sdk-v2'] })) });

  it('holds back the packages with errors the move caused when another package moved without any', () => {
    const result = checked({ transforms: ['sdk-v2'], cause: 'edited-line', file: path.join(b, 'src/y.ts') }, { transforms: ['stateless-serving'], cause: 'edited-line', file: path.join(a, 'src/x.ts') });
    expect(partialHoldBack(DEFAULT_TRANSFORM_OPTIONS, moved(path.join(a, 'src/x.ts'), path.join(b, 'src/y.ts')), result)).toEqual(new Set([b]));
    // Reported: only the errors the move caused in the held packages.
    expect(heldInPackages(result.errors, new Set([b]))).toEqual({ transform: 'sdk-v2', target: 'stateless-v1', packages: [b], predicted: [result.errors[0]] });
  });

  it('offers nothing when the move broke every package it moved, caused no error, or was not requested', () => {
    const inB = checked({ transforms: ['sdk-v2'], cause: 'edited-line', file: path.join(b, 'src/y.ts') });
    expect(partialHoldBack(DEFAULT_TRANSFORM_OPTIONS, moved(path.join(b, 'src/y.ts')), inB)).toBeUndefined();
    expect(partialHoldBack(DEFAULT_TRANSFORM_OPTIONS, moved(path.join(a, 'src/x.ts'), path.join(b, 'src/y.ts')), checked({ transforms: ['stateless-serving'], cause: 'edited-line', file: path.join(b, 'src/y.ts') }))).toBeUndefined();
    expect(partialHoldBack({ ...DEFAULT_TRANSFORM_OPTIONS, target: 'stateless-v1' }, moved(path.join(a, 'src/x.ts'), path.join(b, 'src/y.ts')), inB)).toBeUndefined();
  });
});
