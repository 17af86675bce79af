/**
 * `inOneProgram` (stateless-serving/module-reach.ts): whether two modules run in one program, which decides whether an
 * HTTP+SSE endpoint is its program's only MCP endpoint. Programs are what an entry module (one no other module
 * imports) reaches through static imports, re-exports, `import()` and `require()`.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { inOneProgram } from '../../src/transforms/stateless-serving/module-reach.js';
import { inMemoryResolver, type Files } from '../support/rule-tester.js';

const ROOT = '/project';

function oneProgram(project: Files, a: string, b: string): boolean {
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  const result = analyze({ files, resolve: inMemoryResolver(files), relative: (abs: string) => path.posix.relative(ROOT, abs) });
  const file = (rel: string) => result.sourceFiles.find((sf) => sf.fileName === `${ROOT}/${rel}`)!;
  return inOneProgram(result.analysis.values, result.sourceFiles, file(a), file(b));
}

describe('inOneProgram', () => {
  it('two servers started apart are two programs, even when they share a module', () => {
    const project = {
      'src/shared.ts': 'export const name = "ping";\n',
      'src/sse-server.ts': 'import { name } from "./shared.js";\nconsole.log(name);\n',
      'src/http-server.ts': 'import { name } from "./shared.js";\nconsole.log(name);\n',
    };
    expect(oneProgram(project, 'src/sse-server.ts', 'src/http-server.ts')).toBe(false);
    expect(oneProgram(project, 'src/sse-server.ts', 'src/shared.ts')).toBe(true);
  });

  it('modules an entry reaches through imports, re-exports, import() and require() are one program', () => {
    const project = {
      'src/index.ts': 'import "./routes/index.js";\nexport * from "./lazy.js";\n',
      'src/routes/index.ts': 'import { sse } from "./sse.js";\nexport { mcp } from "./mcp.js";\nconsole.log(sse);\n',
      'src/routes/sse.ts': 'export const sse = 1;\n',
      'src/routes/mcp.ts': 'export const mcp = 2;\n',
      'src/lazy.ts': 'export async function load() { return import("./late.js"); }\n',
      'src/late.ts': 'export const late = 3;\n',
    };
    expect(oneProgram(project, 'src/routes/sse.ts', 'src/routes/mcp.ts')).toBe(true);
    expect(oneProgram(project, 'src/routes/sse.ts', 'src/late.ts')).toBe(true);
  });

  it('a module only an import cycle reaches is a program of its own', () => {
    const project = {
      'src/a.ts': 'import { b } from "./b.js";\nexport const a = () => b;\n',
      'src/b.ts': 'import { a } from "./a.js";\nexport const b = () => a;\n',
      'src/other.ts': 'console.log(1);\n',
    };
    expect(oneProgram(project, 'src/a.ts', 'src/b.ts')).toBe(true);
    expect(oneProgram(project, 'src/a.ts', 'src/other.ts')).toBe(false);
  });
});
