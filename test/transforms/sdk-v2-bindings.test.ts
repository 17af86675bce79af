/**
 * `declarationsOf` / `isUnbound` (transforms/sdk-v2/bindings.ts) read an identifier's declarations
 * with a type checker over its file alone, instead of the whole ts-morph project with the default
 * lib. The claim: what resolves *into the file* is the same either way. Checked here identifier by
 * identifier against the project's own checker, on the sdk-v2 fixtures and on shapes where the
 * project's other files and the lib could matter (globals, script files, shadowing, imports).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Node, Project, SyntaxKind, type Identifier, type SourceFile } from 'ts-morph';
import { declarationsOf, isUnbound } from '../../src/transforms/sdk-v2/bindings.js';
import { ROOT } from '../support/transform-fixtures.js';

/** What the project's checker says (the code these functions replaced). */
function projectDeclarations(id: Identifier): readonly Node[] {
  const parent = id.getParent();
  const symbol = parent && Node.isShorthandPropertyAssignment(parent) ? parent.getValueSymbol() : id.getSymbol();
  return symbol?.getDeclarations() ?? [];
}

function compare(sf: SourceFile): { checked: number; differ: string[] } {
  const ids = sf.getDescendantsOfKind(SyntaxKind.Identifier);
  // Ours first, as in apply (the project's program is then built over already-bound files).
  const ours = ids.map((id) => ({ unbound: isUnbound(id), declarations: declarationsOf(id).map((d) => `${d.kind}@${d.pos}`) }));
  const differ: string[] = [];
  ids.forEach((id, i) => {
    const theirs = projectDeclarations(id).filter((d) => d.getSourceFile() === sf);
    const unbound = theirs.length === 0;
    const declarations = theirs.map((d) => `${d.compilerNode.kind}@${d.compilerNode.pos}`);
    const mine = ours[i]!; // the file alone has no declaration elsewhere
    if (mine.unbound !== unbound || JSON.stringify([...mine.declarations].sort()) !== JSON.stringify([...declarations].sort())) {
      differ.push(`${id.getText()} at line ${id.getStartLineNumber()}: project ${unbound ? 'unbound' : declarations.join(',')}, file alone ${mine.unbound ? 'unbound' : mine.declarations.join(',')}`);
    }
  });
  return { checked: ids.length, differ };
}

function project(): Project {
  // As official.ts builds it.
  const p = new Project({ useInMemoryFileSystem: true, skipAddingFilesFromTsConfig: true, compilerOptions: { allowJs: true, noEmit: true } });
  // Other files of the project: a script declaring globals, a module the file imports.
  p.createSourceFile('/project/src/globals.ts', 'declare var helper: () => void;\ninterface Request { extra: string }\nvar shared = 1;\n');
  p.createSourceFile('/project/src/other.ts', 'export const McpError = class {};\nexport function registerTools() {}\n');
  return p;
}

const SNIPPETS: Record<string, string> = {
  'module.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as types from '@modelcontextprotocol/sdk/types.js';
import { registerTools } from './other.js';
const server = new McpServer({ name: 'x', version: '1' });
function handler(extra: { sessionId?: string }, server2 = server) {
  const McpServer = 'shadow';
  return { server, McpServer, extra, shared, helper, Request: null as unknown as Request, error: McpError, t: types };
}
const { a = server } = {} as { a?: McpServer };
export { server, handler as default, a };
type T = typeof import('./other.js').McpError;
declare global { interface Window { server: McpServer } }
label: for (;;) break label;
registerTools();
class C { server = server; method(server: number) { return server + (this as any).server; } }
`,
  // isUnbound's shortcut (an imported name, read where names resolve through the scopes) and the positions it
  // leaves to the checker: a re-export of the same name from a module, a type import's qualifier, a label, a
  // shorthand property, a JSX-free decorator call.
  'imported-names.ts': `import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Default, * as sdk from '@modelcontextprotocol/sdk/shared/protocol.js';
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { ResourceTemplate as Template };
type Q = import('@modelcontextprotocol/sdk/server/mcp.js').McpServer;
type R = typeof ResourceTemplate;
const server = new McpServer({ name: 'x', version: '1' });
const made = McpServer.name + String(sdk.Protocol) + Default[0];
const list: CallToolResult[] = [];
class Sub extends McpServer implements CallToolResult { content = []; }
const shorthand = { McpServer, CallToolResult };
McpServer: for (;;) break McpServer;
function local(ResourceTemplate: number) { return ResourceTemplate + 1; }
const call = (McpServer as unknown as (n: number) => void)(1);
export default { server, made, list, Sub, shorthand, local, call, q: null as unknown as Q, r: null as unknown as R };
`,
  // `declare module 'lib'` beside the file's imports: in a module it augments 'lib' (which resolves nowhere here),
  // so the import stays unresolved. The shortcut leaves such a file to the checker anyway; here both must agree.
  'ambient-module.ts': `declare module 'lib' { export type McpServer = { name: string }; export const ok: number; }
import { McpServer, ok } from 'lib';
const typed: McpServer = { name: 'x' };
const built = new McpServer();
export { typed, built, ok };
`,
  'script.ts': `var shared = 2;\nfunction helper() {}\nconst x = shared + Math.max(1, 2);\nnew McpServer();\n`,
  'plain.js': `const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');\nconst s = new McpServer();\nmodule.exports = { s, McpServer };\n`,
};

describe('declarations of an identifier read from its file alone', () => {
  const fixtures = path.join(ROOT, 'transforms', '__testfixtures__', 'sdk-v2');
  const files = [
    ...fs.readdirSync(fixtures).filter((f) => /\.(input|output)\.[cm]?[jt]s$/.test(f)).map((f) => [f, fs.readFileSync(path.join(fixtures, f), 'utf8')] as const),
    ...Object.entries(SNIPPETS),
  ];

  it('finds files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  for (const [name, text] of files) {
    it(`${name}: the same as the project's checker for every identifier`, () => {
      const sf = project().createSourceFile(`/project/src/${name}`, text);
      const { checked, differ } = compare(sf);
      expect(checked).toBeGreaterThan(0);
      expect(differ).toEqual([]);
    });
  }

  it('answers for the file as it is after an edit', () => {
    const sf = project().createSourceFile('/project/src/edit.ts', 'const used = McpError;\n');
    const id = () => sf.getDescendantsOfKind(SyntaxKind.Identifier).find((i) => i.getText() === 'McpError' && i.getParent()?.getKind() !== SyntaxKind.ImportSpecifier)!;
    expect(isUnbound(id())).toBe(true);
    sf.insertImportDeclaration(0, { moduleSpecifier: '@modelcontextprotocol/server', namedImports: ['McpError'] });
    expect(isUnbound(id())).toBe(false);
    expect(compare(sf).differ).toEqual([]);
  });
});
