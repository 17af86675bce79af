/**
 * How a generated import's relative specifier is written (kit/source-style.ts `importSpecifier`): as the file already writes
 * its relative imports (sweep 38 AL1, review 44 S44-5).
 */
import { describe, expect, it } from 'vitest';
import { ts } from '../../src/typescript.js';
import { importSpecifier } from '../../src/transforms/kit/source-style.js';

const specifierIn = (text: string, target = '/project/src/mcp-handles.ts'): string =>
  importSpecifier(ts.createSourceFile('/project/src/tools.ts', text, ts.ScriptTarget.ESNext, true), target, 'ts');

describe('importSpecifier', () => {
  it('follows the extension style of the first relative import that names a module', () => {
    expect(specifierIn("import { a } from './a.js';")).toBe('./mcp-handles.js');
    expect(specifierIn("import { a } from './a.ts';")).toBe('./mcp-handles.ts');
    expect(specifierIn("import { a } from './a';")).toBe('./mcp-handles');
    // Nest-style file names with dots are modules written without an extension.
    expect(specifierIn("import { McpService } from './mcp.service';")).toBe('./mcp-handles');
  });

  it('skips data and asset imports, which keep their extension in every style', () => {
    expect(specifierIn("import pkg from '../package.json' with { type: 'json' };\nimport { a } from './a.ts';")).toBe('./mcp-handles.ts');
    expect(specifierIn("import './styles.css';\nimport { a } from './a.js';")).toBe('./mcp-handles.js');
  });

  it('writes .js when the file imports nothing relative and no tsconfig allows .ts imports', () => {
    expect(specifierIn("import { z } from 'zod';")).toBe('./mcp-handles.js');
  });
});
