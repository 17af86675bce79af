/**
 * apply's last step: imports the run made unused go, and nothing else does.
 */
import { describe, expect, it } from 'vitest';
import { pruneImportsMadeUnused } from '../../src/apply/prune-imports.js';

const prune = (before: string, after: string, file = 'server.ts') => pruneImportsMadeUnused(file, before, after);

describe('pruneImportsMadeUnused', () => {
  it('drops a named binding only the replaced code used, keeping the others and their layout', () => {
    const before = `import { A, B, C } from 'm';\nA(); B(); C();\n`;
    expect(prune(before, `import { A, B, C } from 'm';\nA(); C();\n`)).toBe(`import { A, C } from 'm';\nA(); C();\n`);
    expect(prune(before, `import { A, B, C } from 'm';\nA();\n`)).toBe(`import { A } from 'm';\nA();\n`);
    expect(prune(before, `import { A, B, C } from 'm';\nC();\n`)).toBe(`import { C } from 'm';\nC();\n`);
  });

  it('keeps a multi-line import multi-line', () => {
    const before = `import {\n  A,\n  B,\n  C,\n} from 'm';\nA(); B(); C();\n`;
    expect(prune(before, `import {\n  A,\n  B,\n  C,\n} from 'm';\nA(); C();\n`)).toBe(`import {\n  A,\n  C,\n} from 'm';\nA(); C();\n`);
  });

  it('removes the whole statement when every binding goes, and only that line', () => {
    const before = `import { A } from 'a';\nimport { B } from 'b';\nA(); B();\n`;
    expect(prune(before, `import { A } from 'a';\nimport { B } from 'b';\nB();\n`)).toBe(`import { B } from 'b';\nB();\n`);
  });

  it('handles default imports beside named ones', () => {
    const before = `import d, { A, B } from 'm';\nd(); A(); B();\n`;
    expect(prune(before, `import d, { A, B } from 'm';\nA(); B();\n`)).toBe(`import { A, B } from 'm';\nA(); B();\n`);
    expect(prune(before, `import d, { A, B } from 'm';\nd();\n`)).toBe(`import d from 'm';\nd();\n`);
  });

  it('leaves imports the user had left unused, side-effect imports and names still mentioned', () => {
    const before = `import 'polyfill';\nimport { A, Unused } from 'm';\nimport { T } from 't';\nA(); T();\n`;
    const after = `import 'polyfill';\nimport { A, Unused } from 'm';\nimport { T } from 't';\n/** @param {T} x */\nexport const f = (x) => x;\n`;
    expect(prune(before, after)).toBe(`import 'polyfill';\nimport { Unused } from 'm';\nimport { T } from 't';\n/** @param {T} x */\nexport const f = (x) => x;\n`);
  });

  it("does not count the comments and markers mcp-migrate writes as mentions, but counts the user's own (sweep 34 AH10)", () => {
    const before = `import { register, states } from './tools.js';\nregister();\nstates.delete(id);\n`;
    const ours = `import { register, states } from './tools.js';\nregister();\n// state_id handles expire after 24 hours idle (mcp-migrate): no per-session cleanup of states.\n`;
    expect(prune(before, ours)).toBe(`import { register } from './tools.js';\nregister();\n// state_id handles expire after 24 hours idle (mcp-migrate): no per-session cleanup of states.\n`);
    const marker = `import { register, states } from './tools.js';\nregister();\n// @mcp-migrate-todo(session-state/keyed-store): \`states\` is keyed by the session id.\n`;
    expect(prune(before, marker)).toBe(`import { register } from './tools.js';\nregister();\n// @mcp-migrate-todo(session-state/keyed-store): \`states\` is keyed by the session id.\n`);
    const theirs = `import { register, states } from './tools.js';\nregister();\n// TODO: clear states when the client leaves\n`;
    expect(prune(before, theirs)).toBe(theirs);
  });

  it('counts re-exports and type positions as uses', () => {
    const before = `import { A, T } from 'm';\nexport { A };\nlet x: T;\n`;
    expect(prune(before, before.replace('let x: T;\n', ''))).toBe(`import { A } from 'm';\nexport { A };\n`);
    const unchanged = `import { A, T } from 'm';\nexport { A };\nlet y: T;\n`;
    expect(prune(before, unchanged)).toBe(unchanged);
  });

  it('prunes CommonJS destructuring requires and whole-module requires', () => {
    const before = `const { randomUUID, createHash } = require('node:crypto');\nconst types = require('./types');\nrandomUUID(); createHash('x'); types.X;\n`;
    const after = `const { randomUUID, createHash } = require('node:crypto');\nconst types = require('./types');\ncreateHash('x');\n`;
    expect(prune(before, after, 'server.cjs')).toBe(`const { createHash } = require('node:crypto');\ncreateHash('x');\n`);
  });

  it('leaves a CommonJS require binding the user had left unused (its own destructuring is no use of it)', () => {
    const before = `const { path, pathUrl } = require('./lib');\nconst { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');\npath('a'); new McpServer();\n`;
    const after = `const { path, pathUrl } = require('./lib');\nconst { McpServer } = require('@modelcontextprotocol/server');\npath('a'); new McpServer();\n`;
    expect(prune(before, after, 'server.js')).toBe(after);
  });

  it('keeps the comments of the bindings that stay', () => {
    const before = `import {\n  A,\n  // B is for the bridge\n  B,\n} from 'm';\nA(); B();\n`;
    expect(prune(before, before.replace('A(); ', ''))).toBe(`import {\n  // B is for the bridge\n  B,\n} from 'm';\nB();\n`);
    const trailing = `import {\n  A, // only A\n  B,\n} from 'm';\nA(); B();\n`;
    expect(prune(trailing, trailing.replace('A(); ', ''))).toBe(`import {\n  B,\n} from 'm';\nB();\n`);
  });

  it('counts a comment above an import statement as a mention', () => {
    const before = `import { A } from 'a';\n/** Built on {@link A}. */\nimport { B } from 'b';\nA(); B();\n`;
    const after = before.replace('A(); ', '');
    expect(prune(before, after)).toBe(after);
  });

  it('returns the text unchanged when nothing was made unused', () => {
    const text = `import { A } from 'm';\nA();\n`;
    expect(prune(text, text)).toBe(text);
  });
});
