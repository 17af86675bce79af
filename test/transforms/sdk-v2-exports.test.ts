/**
 * `src/frameworks/mcp-sdk-v2-exports.ts` (the SDK description's v2 `entryPoints`) is data read off the real v2 packages this repository pins
 * (its devDependencies): every name each entry point exports, value or type-only. This test reads
 * them again with the TypeScript checker and fails when the table drifts from the packages; run it
 * with UPDATE_V2_EXPORTS=1 to rewrite the table after a version bump.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { V2_EXPORTS, V2_ENTRY_POINTS } from '../../src/analysis/sdk-modules.js';
import { ROOT } from '../support/transform-fixtures.js';

const TABLE = path.join(ROOT, 'src', 'frameworks', 'mcp-sdk-v2-exports.ts');

function isTypeOnlyExport(symbol: ts.Symbol): boolean {
  return (symbol.declarations ?? []).some((d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly));
}

/** Entry point → its exported names, read by the checker from the installed packages' declarations. */
function readExports(): Record<string, { values: string[]; types: string[] }> {
  const probe = path.join(ROOT, '.v2-exports-probe.ts');
  const text = V2_ENTRY_POINTS.map((entry, i) => `export * as entry${i} from '${entry}';`).join('\n');
  const host = ts.createCompilerHost({});
  const getSourceFile = host.getSourceFile;
  const fileExists = host.fileExists;
  host.getSourceFile = (file, version, ...rest) => (file === probe ? ts.createSourceFile(file, text, version) : getSourceFile.call(host, file, version, ...rest));
  host.fileExists = (file) => file === probe || fileExists.call(host, file);
  const options = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true, noEmit: true };
  const program = ts.createProgram({ rootNames: [probe], options, host });
  const checker = program.getTypeChecker();
  const out: Record<string, { values: string[]; types: string[] }> = {};
  for (const statement of program.getSourceFile(probe)!.statements) {
    const specifier = (statement as ts.ExportDeclaration).moduleSpecifier as ts.StringLiteral;
    const module = checker.getSymbolAtLocation(specifier);
    expect(module, `${specifier.text} is not installed`).toBeDefined();
    const values: string[] = [];
    const types: string[] = [];
    for (const symbol of checker.getExportsOfModule(module!)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      (target.flags & ts.SymbolFlags.Value && !isTypeOnlyExport(symbol) ? values : types).push(symbol.name);
    }
    out[specifier.text] = { values: values.sort(), types: types.sort() };
  }
  return out;
}

function render(table: Record<string, { values: string[]; types: string[] }>): string {
  const current = fs.readFileSync(TABLE, 'utf8');
  const head = current.slice(0, current.indexOf('export const V2_ENTRY_POINT_EXPORTS'));
  const list = (names: string[]) => `[${names.map((n) => `'${n}'`).join(', ')}]`;
  const body = Object.entries(table)
    .map(([entry, { values, types }]) => `  '${entry}': {\n    values: ${list(values)},\n    types: ${list(types)},\n  },`)
    .join('\n');
  return `${head}export const V2_ENTRY_POINT_EXPORTS: Readonly<Record<string, SdkEntryExports>> = {\n${body}\n};\n`;
}

describe('v2 exports table', () => {
  it('matches what the pinned v2 packages export', () => {
    const actual = readExports();
    if (process.env.UPDATE_V2_EXPORTS) fs.writeFileSync(TABLE, render(actual));
    const table = Object.fromEntries(Object.entries(V2_EXPORTS).map(([entry, e]) => [entry, { values: [...e.values], types: [...e.types] }]));
    expect(table).toEqual(actual);
  });

  it('knows the names real servers lost in the move (a spec type kept, the task store gone)', () => {
    expect(V2_EXPORTS['@modelcontextprotocol/server']!.types).toContain('CreateTaskResult');
    expect(Object.values(V2_EXPORTS).some((e) => e.values.includes('InMemoryTaskStore') || e.types.includes('InMemoryTaskStore'))).toBe(false);
  });
});
