/**
 * `apply` analyses the code again after each transform that changed it, reusing the parsed file of
 * every file whose text is the same (analysis/parsed-files.ts). An analysis over reused files must
 * be the one a fresh parse gives, also where an unchanged file's findings depend on a changed one.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { runEngine } from '../../src/rules/engine.js';
import { ParsedFiles, syntaxTreeOf } from '../../src/analysis/parsed-files.js';
import { ts } from '../../src/typescript.js';
import { RULES } from '../../src/rules/index.js';
import { inMemoryResolver, type Files } from '../support/rule-tester.js';

const ROOT = '/project';

function engineInput(project: Files, parsed?: ParsedFiles) {
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  return { files, resolve: inMemoryResolver(files), rules: RULES, relative: (abs: string) => path.posix.relative(ROOT, abs), parsed };
}

function findings(project: Files, parsed?: ParsedFiles): string[] {
  const result = runEngine(engineInput(project, parsed));
  return result.findings.map((f) => `${f.file}:${f.line} ${f.rule.meta.id} ${f.messageId}`).sort();
}

// `Ask` (unchanged) extends `Base` from another file: an mcp-framework tool while `Base` extends MCPTool.
const tool = `import { MCPServer } from 'mcp-framework';
import { Base } from './base.js';
class Ask extends Base {
  async execute() {
    return this.getRoots();
  }
}
new MCPServer({ transport: { type: 'stdio' } });
export default Ask;`;
const frameworkBase = `import { MCPTool } from 'mcp-framework';
export abstract class Base extends MCPTool {}`;
const ownBase = `export abstract class Base {
  protected getRoots(): string[] {
    return [];
  }
}`;

describe('ParsedFiles', () => {
  it('gives back the parsed file while its text is the same, and parses a changed text again', () => {
    const parsed = new ParsedFiles();
    const first = analyze(engineInput({ 'src/tool.ts': tool, 'src/base.ts': frameworkBase }, parsed));
    const second = analyze(engineInput({ 'src/tool.ts': tool, 'src/base.ts': ownBase }, parsed));
    const byName = (result: typeof first, name: string) => result.sourceFiles.find((sf) => sf.fileName.endsWith(name));
    expect(byName(second, 'tool.ts')).toBe(byName(first, 'tool.ts'));
    expect(byName(second, 'base.ts')).not.toBe(byName(first, 'base.ts'));
    expect(byName(second, 'base.ts')!.text).toBe(ownBase);
  });

  it('analyses an unchanged file against the new text of a file it imports, as a fresh parse does', () => {
    const before = { 'src/tool.ts': tool, 'src/base.ts': frameworkBase };
    const after = { 'src/tool.ts': tool, 'src/base.ts': ownBase };
    expect(findings(before)).toEqual(['src/tool.ts:5 deprecated-feature/roots framework']);
    expect(findings(after)).toEqual([]);

    const parsed = new ParsedFiles();
    expect(findings(before, parsed)).toEqual(findings(before));
    expect(findings(after, parsed)).toEqual(findings(after));
    // And back: the base file's earlier text is parsed again, the tool file is still reused.
    expect(findings(before, parsed)).toEqual(findings(before));
  });
});

describe('syntaxTreeOf', () => {
  const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 'x', version: '1' });\n`;

  it('gives every reader of one text the same tree, with parent pointers set, and the next analysis that tree too', () => {
    const file = '/shared/src/server.ts';
    const first = syntaxTreeOf(file, text, ts.ScriptKind.TS);
    expect(syntaxTreeOf(file, `${text}`, ts.ScriptKind.TS)).toBe(first);
    expect(syntaxTreeOf(file, text)).toBe(first); // the kind TypeScript infers from the name
    expect(first.statements[0]!.parent).toBe(first);
    expect(new ParsedFiles().get(file, text, ts.ScriptKind.TS)).toBe(first);
  });

  it('parses a text anew for another script kind or another text, and keeps the earlier texts of a file', () => {
    const file = '/shared/src/view.jsx';
    const asJsx = syntaxTreeOf(file, text, ts.ScriptKind.JSX);
    const asTsx = syntaxTreeOf(file, text, ts.ScriptKind.TSX);
    expect(asTsx).not.toBe(asJsx);
    expect(asTsx.languageVariant).toBe(ts.LanguageVariant.JSX);
    const edited = syntaxTreeOf(file, `${text}// edited\n`, ts.ScriptKind.JSX);
    expect(edited).not.toBe(asJsx);
    expect(syntaxTreeOf(file, text, ts.ScriptKind.JSX)).toBe(asJsx);
  });

  it('keeps only the latest few texts of a file', () => {
    const file = '/shared/src/many.ts';
    const oldest = syntaxTreeOf(file, 'export const v = 0;', ts.ScriptKind.TS);
    // Five texts of a file are kept (TEXTS_PER_FILE): five newer ones push the oldest out.
    for (let i = 1; i <= 5; i++) syntaxTreeOf(file, `export const v = ${i};`, ts.ScriptKind.TS);
    const again = syntaxTreeOf(file, 'export const v = 0;', ts.ScriptKind.TS);
    expect(again).not.toBe(oldest);
    expect(again.text).toBe(oldest.text);
  });
});
