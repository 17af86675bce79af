/**
 * `programRelation` (stateless-serving/module-reach.ts): whether two modules run in one program, which decides whether
 * an HTTP+SSE endpoint is its program's only MCP endpoint. Programs are what an entry module (one no other module
 * imports; not a test) reaches through imports that run; apart only when each side's entry starts a server itself; a
 * barrel or a loader the imports do not show leaves it unknown.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { programRelation } from '../../src/transforms/stateless-serving/module-reach.js';
import { inMemoryResolver, type Files } from '../support/rule-tester.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * The relation of modules `a` and `b` of `project`, written to disk with a package.json (apart is told only inside a
 * package, whose files the analysis did not load are read from disk); `outside` are files the analysis does not load.
 */
function relation(project: Files, a: string, b: string, outside: Files = {}): string {
  return relationOf(project, a, b, outside).relation;
}

function relationOf(project: Files, a: string, b: string, outside: Files = {}) {
  const ROOT = tempTree({ 'package.json': '{ "type": "module" }\n', ...project, ...outside });
  const files = new Map(Object.entries(project).map(([rel, text]) => [path.join(ROOT, rel), text]));
  const relative = (abs: string) => path.relative(ROOT, abs);
  const result = analyze({ files, resolve: inMemoryResolver(files), relative });
  const file = (rel: string) => result.sourceFiles.find((sf) => sf.fileName === path.join(ROOT, rel))!;
  return programRelation(result.analysis.values, result.sourceFiles, relative, file(a), file(b));
}

const LISTEN = 'declare const app: { listen(port: number): void };\napp.listen(3000);\n';
const TWO_SERVERS = {
  'src/shared.ts': 'export const name = "ping";\nexport type Port = number;\n',
  'src/sse-server.ts': `import { name } from "./shared.js";\nconsole.log(name);\n${LISTEN}`,
  'src/http-server.ts': `import { name, type Port } from "./shared.js";\nconst port: Port = 1;\nconsole.log(name, port);\n${LISTEN}`,
};

describe('programRelation', () => {
  it('two servers started apart are two programs, even when they share a module', () => {
    expect(relation(TWO_SERVERS, 'src/sse-server.ts', 'src/http-server.ts')).toBe('separate');
    expect(relation(TWO_SERVERS, 'src/sse-server.ts', 'src/shared.ts')).toBe('same');
  });

  it('a test importing both servers, or a type-only import between them, does not join them', () => {
    const withTest = { ...TWO_SERVERS, 'test/smoke.test.ts': 'await import("../src/sse-server.js");\nawait import("../src/http-server.js");\n' };
    expect(relation(withTest, 'src/sse-server.ts', 'src/http-server.ts')).toBe('separate');
    const typeOnly = { ...TWO_SERVERS, 'src/http-server.ts': `import type { Port } from "./sse-server.js";\nconst port: Port = 1;\nconsole.log(port);\n${LISTEN}`, 'src/sse-server.ts': `export type Port = number;\n${LISTEN}` };
    expect(relation(typeOnly, 'src/sse-server.ts', 'src/http-server.ts')).toBe('separate');
    // A named import of an interface only: TypeScript elides it, nothing of the other server runs.
    const elided = { ...TWO_SERVERS, 'src/http-server.ts': `import { Ports } from "./sse-server.js";\nconst ports: Ports = { http: 1 };\nconsole.log(ports);\n${LISTEN}`, 'src/sse-server.ts': `export interface Ports { http: number }\n${LISTEN}` };
    expect(relation(elided, 'src/sse-server.ts', 'src/http-server.ts')).toBe('separate');
  });

  it('import x = require() joins; a loader outside the run computing its paths leaves it unknown', () => {
    const joined = { ...TWO_SERVERS, 'src/main.ts': 'import sse = require("./sse-server");\nimport http = require("./http-server");\nconsole.log(sse, http);\n' };
    expect(relation(joined, 'src/sse-server.ts', 'src/http-server.ts')).toBe('same');
    const loader = 'import fs from "node:fs";\nfor (const f of fs.readdirSync("src")) await import(`./${f}`);\n';
    expect(relationOf(TWO_SERVERS, 'src/sse-server.ts', 'src/http-server.ts', { 'src/main.ts': loader })).toEqual({ relation: 'unknown', why: '`src/main.ts`, which this run does not migrate, may load them both' });
  });

  it('modules an entry reaches through imports, import() and require() of a literal path are one program', () => {
    const project = {
      'src/index.ts': 'import "./routes/index.js";\nimport { load } from "./lazy.js";\nvoid load();\n',
      'src/routes/index.ts': 'import { sse } from "./sse.js";\nimport { mcp } from "./mcp.js";\nconsole.log(sse, mcp);\n',
      'src/routes/sse.ts': 'export const sse = 1;\n',
      'src/routes/mcp.ts': 'export const mcp = 2;\n',
      'src/lazy.ts': 'export async function load() { return import("./late.js"); }\n',
      'src/late.ts': 'export const late = 3;\n',
    };
    expect(relation(project, 'src/routes/sse.ts', 'src/routes/mcp.ts')).toBe('same');
    expect(relation(project, 'src/routes/sse.ts', 'src/late.ts')).toBe('same');
  });

  it('a barrel re-exporting both, or a loader computing the path, leaves it unknown', () => {
    const barrel = {
      'src/index.ts': 'export * from "./sse.js";\nexport * from "./http.js";\n',
      'src/sse.ts': 'export const startSse = () => 1;\n',
      'src/http.ts': 'export const startHttp = () => 2;\n',
      'bin/sse.ts': 'import { startSse } from "../src/index.js";\nstartSse();\n',
      'bin/http.ts': 'import { startHttp } from "../src/index.js";\nstartHttp();\n',
    };
    expect(relationOf(barrel, 'src/sse.ts', 'src/http.ts')).toEqual({ relation: 'unknown', why: '`bin/sse.ts` reaches both through a module that re-exports them' });
    const loader = {
      'src/index.ts': 'for (const f of ["sse.js", "mcp.js"]) await import(`./routes/${f}`);\n',
      'src/routes/sse.ts': 'export const sse = 1;\n',
      'src/routes/mcp.ts': 'export const mcp = 2;\n',
    };
    expect(relation(loader, 'src/routes/sse.ts', 'src/routes/mcp.ts')).toBe('unknown');
  });

  it('a launcher the analysis did not load, naming both (a folder import, an extensionless bin script), leaves it unknown', () => {
    expect(relation(TWO_SERVERS, 'src/sse-server.ts', 'src/http-server.ts', { 'bin/start': 'import("../src/sse-server.js");\nimport("../src/http-server.js");\n' })).toBe('unknown');
    const folders = { 'src/sse/index.ts': `${LISTEN}`, 'src/http/index.ts': `${LISTEN}` };
    expect(relation(folders, 'src/sse/index.ts', 'src/http/index.ts', { 'src/main.ts': 'import "./sse";\nimport "./http";\n' })).toBe('unknown');
    expect(relation(folders, 'src/sse/index.ts', 'src/http/index.ts')).toBe('separate');
  });

  it('modules that start no server of their own (route modules a loader outside the run mounts) are not apart', () => {
    const routes = {
      'src/routes/sse.ts': 'export function register() { return 1; }\n',
      'src/routes/mcp.ts': 'export function register() { return 2; }\n',
    };
    expect(relation(routes, 'src/routes/sse.ts', 'src/routes/mcp.ts')).toBe('unknown');
  });

  it('a module only an import cycle reaches is a program of its own', () => {
    const project = {
      'src/a.ts': `import { b } from "./b.js";\nexport const a = () => b;\n${LISTEN}`,
      'src/b.ts': 'import { a } from "./a.js";\nexport const b = () => a;\n',
      'src/other.ts': `console.log(1);\n${LISTEN}`,
    };
    expect(relation(project, 'src/a.ts', 'src/b.ts')).toBe('same');
    expect(relation(project, 'src/a.ts', 'src/other.ts')).toBe('separate');
  });
});
