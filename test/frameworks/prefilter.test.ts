/** The prefilter (src/analysis/candidates.ts) lets framework users and vendored SDK copies through, and nothing else. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { mayDeclareVendoredSdk } from '../../src/frameworks/vendored-sdk.js';

const dirs: string[] = [];
function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-fw-'));
  dirs.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('prefilter', () => {
  it('a file importing only a framework is analysed', async () => {
    const dir = project({
      'src/index.ts': `import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.start({ transportType: 'httpStream', httpStream: { port: 8080 } });`,
    });
    const report = await scan({ paths: [dir] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual(['src/index.ts:3 session-transport/session-id-generator']);
  });

  it('a vendored JS copy of the SDK with no SDK import, and the example that imports it by relative path', async () => {
    const dir = project({
      'sdk/server/mcp.js': `export class McpServer {
  constructor(info) { this.server = { info }; this.tools = new Map(); }
  tool(name, cb) { this.tools.set(name, cb); }
  async connect(transport) { await transport.start(); }
}`,
      'examples/server.js': `import { McpServer } from '../sdk/server/mcp.js';
const notes = {};
const server = new McpServer({ name: 'n', version: '1' });
server.tool('note', (extra) => { notes[extra.sessionId] = Date.now(); });`,
    });
    const report = await scan({ paths: [dir] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`).sort()).toEqual([
      'examples/server.js:2 session-state/keyed-store',
      'examples/server.js:4 session-state/session-id-read',
    ]);
  });

  it('the vendored-SDK text test needs the SDK class name and its members', () => {
    expect(mayDeclareVendoredSdk('export class Server { listen() {} close() {} }')).toBe(false);
    expect(mayDeclareVendoredSdk('export class McpServer { tool() {} }')).toBe(false);
    expect(mayDeclareVendoredSdk('class StreamableHTTPServerTransport { sessionId; handleRequest() {} }')).toBe(true);
  });
});
