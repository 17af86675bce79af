/**
 * Where a JSON text stops being JSON, as line:column, for an error message an editor can jump to.
 * JSON.parse does not say it reliably: Node 20 gives a position in some messages, newer ones a line
 * and column, and many (an unexpected token, a comment) only a quoted excerpt. This walks the JSON
 * grammar (RFC 8259) to the first character that does not fit.
 */

export interface JsonErrorLocation {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
  /** `unexpected "/"`, `unexpected end of input`. */
  message: string;
}

/** Undefined when `text` is valid JSON. */
export function locateJsonError(text: string): JsonErrorLocation | undefined {
  const offset = firstErrorOffset(text);
  if (offset === undefined) return undefined;
  const before = text.slice(0, offset);
  return {
    line: before.split('\n').length,
    column: offset - (before.lastIndexOf('\n') + 1) + 1,
    message: offset >= text.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(text[offset])}`,
  };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING_ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

function firstErrorOffset(text: string): number | undefined {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  class Stop {
    constructor(readonly at: number) {}
  }
  const fail = (at: number = i): never => {
    throw new Stop(at);
  };
  const skipSpace = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const expect = (char: string): void => {
    skipSpace();
    if (text[i] !== char) fail();
    i++;
  };
  const string = (): void => {
    if (text[i] !== '"') fail();
    i++;
    for (;;) {
      if (i >= text.length) fail();
      const c = text[i]!;
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        STRING_ESCAPE.lastIndex = i;
        if (!STRING_ESCAPE.test(text)) fail();
        i = STRING_ESCAPE.lastIndex;
      } else if (c.charCodeAt(0) < 0x20) fail();
      else i++;
    }
  };
  const value = (): void => {
    skipSpace();
    const c = text[i];
    if (c === '{') {
      i++;
      skipSpace();
      if (text[i] === '}') return void i++;
      for (;;) {
        skipSpace();
        string();
        expect(':');
        value();
        skipSpace();
        if (text[i] === ',') i++;
        else return expect('}');
      }
    }
    if (c === '[') {
      i++;
      skipSpace();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        skipSpace();
        if (text[i] === ',') i++;
        else return expect(']');
      }
    }
    if (c === '"') return string();
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, i)) return void (i += literal.length);
    }
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail();
    i = NUMBER.lastIndex;
  };
  try {
    value();
    skipSpace();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    if (error instanceof Stop) return error.at;
    throw error;
  }
}
