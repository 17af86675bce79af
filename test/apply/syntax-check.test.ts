import { describe, expect, it } from 'vitest';
import { assertParses } from '../../src/apply/syntax-check.js';

describe('assertParses', () => {
  it('accepts each language in its own file kind: casts in .ts, JSX in .tsx and .jsx, plain .js', () => {
    expect(() => assertParses('a.ts', 'const n = <number>value;\nconst f = <T,>(x: T) => x;\n')).not.toThrow();
    expect(() => assertParses('a.mts', 'export const x: string = "a";\n')).not.toThrow();
    expect(() => assertParses('a.tsx', 'export const C = () => <div>{1}</div>;\n')).not.toThrow();
    expect(() => assertParses('a.jsx', 'export const C = () => <div />;\n')).not.toThrow();
    expect(() => assertParses('a.cjs', 'module.exports = { a: 1 };\n')).not.toThrow();
  });

  it('names the first syntax error with its line and column', () => {
    expect(() => assertParses('src/a.ts', 'export function f() {\n  const broken = ;\n}\n')).toThrow('Expression expected. (2:18)');
    // JSX is not TypeScript: in a .ts file `<div>` is a cast missing its operand.
    expect(() => assertParses('a.ts', 'export const C = () => <div>{1}</div>;\n')).toThrow(/\(1:\d+\)$/);
  });
});
