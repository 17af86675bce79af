import { describe, expect, it } from 'vitest';
import { locateJsonError } from '../src/json-error.js';

describe('locateJsonError', () => {
  it('finds nothing wrong in valid JSON, whatever JSON.parse accepts', () => {
    for (const text of ['{}', ' [1, -2.5e3, "a\\\\n\\\\u00e9", true, false, null, {"a": []}] ', '\uFEFF{"a":1}', '"x"', '0']) {
      expect(() => JSON.parse(text.replace(/^\uFEFF/, ''))).not.toThrow();
      expect(locateJsonError(text)).toBeUndefined();
    }
  });

  it('points at the first character that is not JSON, wherever JSON.parse fails', () => {
    const cases: [string, number, number, string][] = [
      ['{ // c\n}', 1, 3, 'unexpected "/"'],
      ['{\n  "a": 1,\n}', 3, 1, 'unexpected "}"'], // trailing comma
      ['{\n  "a": 1\n  "b": 2\n}', 3, 3, 'unexpected "\\""'], // missing comma
      ["{'a': 1}", 1, 2, 'unexpected "\'"'],
      ['[01]', 1, 3, 'unexpected "1"'],
      ['{"a": tru}', 1, 7, 'unexpected "t"'],
      ['{"a": "b\\x"}', 1, 9, 'unexpected "\\\\"'],
      ['{"a": 1', 1, 8, 'unexpected end of input'],
      ['{} x', 1, 4, 'unexpected "x"'],
    ];
    for (const [text, line, column, message] of cases) {
      expect(() => JSON.parse(text)).toThrow();
      expect(locateJsonError(text)).toEqual({ line, column, message });
    }
  });
});
