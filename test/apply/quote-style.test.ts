/**
 * Generated lines take the file's quote: only on lines the run added, only when the file has a clear
 * style, never by escaping.
 */
import { describe, expect, it } from 'vitest';
import { matchQuoteStyle, preferredQuote, requote } from '../../src/apply/quote-style.js';

const doubleQuoted = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "notes", version: "1.0.0" });
server.tool("add_note", { text: z.string() }, async ({ text }) => ({ content: [{ type: "text", text }] }));
`;

describe('preferredQuote', () => {
  it('reads the quote most literals use', () => {
    expect(preferredQuote('a.ts', doubleQuoted)).toBe('"');
    expect(preferredQuote('a.ts', doubleQuoted.replaceAll('"', "'"))).toBe("'");
  });

  it('has no style for a file of mixed quotes or too few literals', () => {
    expect(preferredQuote('a.ts', `const a = "x"; const b = 'y'; const c = "z"; const d = 'w';`)).toBeUndefined();
    expect(preferredQuote('a.ts', `const a = "x";`)).toBeUndefined();
  });

  it('does not count a literal that holds the other quote', () => {
    expect(preferredQuote('a.ts', `const a = "it's"; const b = "it's"; const c = 'x'; const d = 'y'; const e = 'z';`)).toBe("'");
  });
});

describe('requote', () => {
  it('swaps the quotes and unescapes the old one', () => {
    expect(requote(`'it\\'s'`, '"')).toBe(`"it's"`);
    expect(requote(`'a\\nb\\\\c'`, '"')).toBe(`"a\\nb\\\\c"`);
  });

  it('leaves a literal holding the new quote, or already in it', () => {
    expect(requote(`'say "hi"'`, '"')).toBeUndefined();
    expect(requote(`"x"`, '"')).toBeUndefined();
  });
});

describe('matchQuoteStyle', () => {
  it('requotes only the string literals of added lines', () => {
    const before = `${doubleQuoted}const legacy = 'kept as written';\n`;
    const after = before.replace(
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
      `import { McpServer } from '@modelcontextprotocol/server';\nimport { cartHandles } from './handles.js';`,
    );
    const out = matchQuoteStyle('server.ts', before, after);
    expect(out).toContain(`import { McpServer } from "@modelcontextprotocol/server";\nimport { cartHandles } from "./handles.js";`);
    expect(out).toContain(`const legacy = 'kept as written';`);
  });

  it("gives new imports the quote of the file's imports when they differ from its strings (example-remote-server)", () => {
    const before = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { redis } from "../shared/redis.js";
import { logger } from "../shared/logger.js";

export async function owner(id: string) {
  logger.debug('Getting owner', { id });
  return redis.get(\`session:\${id}:owner\`) ?? 'nobody';
}
const label = 'owners';
const kinds = ['string', 'number', 'boolean', 'object', 'array', 'null', 'unknown', 'never', 'any', 'void', 'bigint', 'symbol'];
const kind = 'string';
`;
    const after = before
      .replace(`import { Server } from "@modelcontextprotocol/sdk/server/index.js";`, `import { Server } from '@modelcontextprotocol/server';\nconst { x } = require('./x.js');`)
      .replace(`const kind = 'string';`, `const kind = "text";`);
    const out = matchQuoteStyle('redis.ts', before, after);
    expect(out).toContain(`import { Server } from "@modelcontextprotocol/server";\nconst { x } = require("./x.js");`);
    // Ordinary strings on added lines still take the file's quote for strings.
    expect(out).toContain(`const kind = 'text';`);
  });

  it('counts every form of module specifier as one, in a type position too', () => {
    const before = `import { a } from "./a.js";
import { b } from "./b.js";
export { c } from "./c.js";
const label = 'one';
const labels = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
`;
    const added = [
      `export * from './d.js';`,
      `import e = require('./e.js');`,
      `const f = await import('./f.js');`,
      `type G = typeof import('./g.js');`,
      `const h = 'eleven';`,
    ];
    const out = matchQuoteStyle('mod.ts', before, `${before}${added.join('\n')}\n`);
    expect(out).toContain(
      [`export * from "./d.js";`, `import e = require("./e.js");`, `const f = await import("./f.js");`, `type G = typeof import("./g.js");`, `const h = 'eleven';`].join('\n'),
    );
  });

  it('changes nothing in a single-quoted file, in a file without a style, or on a second run', () => {
    const single = doubleQuoted.replaceAll('"', "'");
    const after = `${single}server.tool('ping', async () => ({ content: [] }));\n`;
    expect(matchQuoteStyle('server.ts', single, after)).toBe(after);
    const mixed = `const a = "x"; const b = 'y';\n`;
    expect(matchQuoteStyle('server.ts', mixed, `${mixed}const c = 'z';\n`)).toBe(`${mixed}const c = 'z';\n`);
    const once = matchQuoteStyle('server.ts', doubleQuoted, `${doubleQuoted}const c = 'z';\n`);
    expect(once).toBe(`${doubleQuoted}const c = "z";\n`);
    expect(matchQuoteStyle('server.ts', once, once)).toBe(once);
  });

  it('leaves JSX attributes alone', () => {
    const before = `const a = "x"; const b = "y"; const c = "z";\n`;
    const after = `${before}const el = <div className='box'>{'text'}</div>;\n`;
    expect(matchQuoteStyle('view.tsx', before, after)).toBe(`${before}const el = <div className='box'>{"text"}</div>;\n`);
  });
});

describe('code a transform moved', () => {
  it('keeps its quotes: a line the run moved (re-indented) is not a line it wrote', () => {
    // Mostly single quotes; the helper was written with double ones, and a transform moves it into a function.
    const before = `const a = 'x';\nconst b = 'y';\nconst c = 'z';\nconst d = 'w';\nfunction hex(n: number) {\n  return n.toString(16).padStart(2, "0");\n}\n`;
    const after = `const a = 'x';\nconst b = 'y';\nconst c = 'z';\nconst d = 'w';\nexport function build() {\n  function hex(n: number) {\n    return n.toString(16).padStart(2, "0");\n  }\n  return hex(1) + "!";\n}\n`;
    const out = matchQuoteStyle('a.ts', before, after);
    expect(out).toContain(`padStart(2, "0")`);
    // The line the run did write takes the file's quote.
    expect(out).toContain(`return hex(1) + '!';`);
  });
});
