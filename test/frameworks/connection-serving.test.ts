/**
 * `connectionServing` of the framework descriptions, read by `frameworkConnectionTransports`: the connections a
 * framework server is started on that outlive a request (the logging transform keeps a log sent outside any request
 * there, for the 2025-era clients that still get it).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { frameworkConnectionTransports } from '../../src/analysis/framework-sites.js';
import { inMemoryResolver } from '../support/rule-tester.js';

function transportsOf(code: string): string[] {
  const files = new Map([['/project/src/server.ts', code]]);
  const { analysis, sourceFiles } = analyze({ files, resolve: inMemoryResolver(files), relative: (abs: string) => path.posix.relative('/project', abs) });
  return [...frameworkConnectionTransports(analysis, sourceFiles)].sort();
}

const SERVER = `import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
`;

describe('frameworkConnectionTransports', () => {
  it('FastMCP started on stdio is served over a connection', () => {
    expect(transportsOf(`${SERVER}await server.start({ transportType: 'stdio' });\n`)).toEqual(['stdio']);
  });

  it('FastMCP 1–2 started on sse is served over HTTP+SSE connections, the options given through a variable', () => {
    expect(transportsOf(`${SERVER}const options = { transportType: 'sse' as const, sse: { endpoint: '/sse' as const, port: 8080 } };\nawait server.start(options as never);\n`)).toEqual(['HTTP+SSE']);
  });

  it('FastMCP on httpStream, and a start() of a project object, are not', () => {
    expect(transportsOf(`${SERVER}await server.start({ transportType: 'httpStream', httpStream: { port: 8080, stateless: true } });\n`)).toEqual([]);
    expect(transportsOf(`const worker = { start(o: { transportType: string }) { return o; } };\nworker.start({ transportType: 'stdio' });\n`)).toEqual([]);
  });
});
