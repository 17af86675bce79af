/**
 * kit/source-style.ts: how a file is written, as generated code reads it. The indentation unit is the file's
 * shallowest code indentation (not its first indented line), and the lines of a string's value are told apart so
 * that re-indenting code never changes a string.
 */
import { describe, expect, it } from 'vitest';
import { importAnchor, indentUnit, stringLineStarts } from '../../src/transforms/kit/source-style.js';
import { ts } from '../../src/typescript.js';
import { reindent } from '../../src/transforms/stateless-serving/text.js';

describe('indentUnit', () => {
  it('is the shallowest indentation of the code, not that of the first indented line (sweep 7: a 2-space file got a 4-space factory)', () => {
    const file = ['/**', ' * A JSDoc line is no indentation.', ' */', 'server.registerTool("get_node", { description: "d", inputSchema: z.object({', '      nodeId: z.string(),', '    }) }, async () => {', '  return ok();', '});', ''].join('\n');
    expect(indentUnit(file)).toBe('  ');
    expect(indentUnit('function f() {\n    if (x) {\n        y();\n    }\n}\n')).toBe('    ');
    expect(indentUnit('function f() {\n\tif (x) {\n\t\ty();\n\t}\n}\n')).toBe('\t');
    expect(indentUnit('const x = 1;\n')).toBe('  ');
  });

  it('does not read the indentation of a template literal\'s text', () => {
    expect(indentUnit('const text = `a\n - b\n    - c`;\nfunction f() {\n    return text;\n}\n')).toBe('    ');
  });
});

describe('reindent and stringLineStarts', () => {
  it('moves code and never the lines of a string\'s value: a template\'s text, a backslash-continued string', () => {
    const code = ['const prompt = `Steps:', '- one', '  - nested', '`;', "const joined = 'a\\", "  b';", 'run(prompt, joined);'].join('\n');
    expect(reindent(code, '', '  ')).toBe(['  const prompt = `Steps:', '- one', '  - nested', '`;', "  const joined = 'a\\", "  b';", '  run(prompt, joined);'].join('\n'));
    const starts = stringLineStarts(code);
    expect(code.split('\n').map((_, i, lines) => starts.has(lines.slice(0, i).join('\n').length + (i ? 1 : 0)))).toEqual([false, true, true, true, false, true, false]);
  });

  it('moves the code of a `${…}` substitution, which is not the string\'s text', () => {
    const code = ['const s = `a ${', 'value', '} b', 'c`;'].join('\n');
    expect(reindent(code, '', '  ')).toBe(['  const s = `a ${', '  value', '  } b', 'c`;'].join('\n'));
  });
});

describe('importAnchor', () => {
  const place = (text: string, specifier: string): string => {
    const sf = ts.createSourceFile('server.ts', text, ts.ScriptTarget.Latest, true);
    const at = importAnchor(sf, specifier);
    return text.slice(0, at.offset) + at.text(`import { x } from '${specifier}';`) + text.slice(at.offset);
  };
  const file = ["import express from 'express';", "import { toNodeHandler } from '@modelcontextprotocol/node';", "import cors from 'cors';", "import { getServer } from './server.js';", '', 'run();', ''].join('\n');

  it('puts a package import with the package imports, beside its own scope, not after the local ones (sweep 9 G6)', () => {
    expect(place(file, '@modelcontextprotocol/server').split('\n').slice(0, 5)).toEqual(["import express from 'express';", "import { toNodeHandler } from '@modelcontextprotocol/node';", "import { x } from '@modelcontextprotocol/server';", "import cors from 'cors';", "import { getServer } from './server.js';"]);
    expect(place(file, 'zod').split('\n')[3]).toBe("import { x } from 'zod';");
  });

  it('puts a local import, or any import where no local import follows the packages, after the last import', () => {
    expect(place(file, './mcp-handles.js').split('\n')[4]).toBe("import { x } from './mcp-handles.js';");
    const packagesOnly = "import express from 'express';\nimport cors from 'cors';\n\nrun();\n";
    expect(place(packagesOnly, '@modelcontextprotocol/server').split('\n')[2]).toBe("import { x } from '@modelcontextprotocol/server';");
    const required = "const express = require('express');\nconst { helper } = require('./helper');\n";
    expect(place(required, 'zod').split('\n')[1]).toBe("import { x } from 'zod';");
  });
});
