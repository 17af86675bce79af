/** SDK symbol resolution through a project's barrels: what `export *` can and cannot provide. */
import { describe, expect, it } from 'vitest';
import ping from '../src/rules/server-push/ping.js';
import { runRule } from './support/rule-tester.js';

const usePing = "import { Server } from './barrel.js';\nconst s = new Server();\nawait s.ping();\n";

describe('barrels', () => {
  it("a project's own exported class wins over `export *` from an SDK module", () => {
    const result = runRule(ping, {
      'src/barrel.ts': "export * from '@modelcontextprotocol/sdk/server/index.js';\nexport class Server { ping() {} }\n",
      'src/server.ts': usePing,
    });
    expect(result.findings).toEqual([]);
  });

  it('`export *` from sdk/types.js does not provide Server', () => {
    const result = runRule(ping, {
      'src/barrel.ts': "export * from '@modelcontextprotocol/sdk/types.js';\nexport { Server } from './game-server.js';\n",
      'src/game-server.ts': 'export class Server { ping() {} }\n',
      'src/server.ts': usePing,
    });
    expect(result.findings).toEqual([]);
  });

  it('`export *` from sdk/server/index.js provides Server, also through a barrel of a barrel', () => {
    const result = runRule(ping, {
      'src/sdk.ts': "export * from '@modelcontextprotocol/sdk/server/index.js';\n",
      'src/barrel.ts': "export * from './sdk.js';\n",
      'src/server.ts': usePing,
    });
    expect(result.findings.map((f) => `${f.file}:${f.line}`)).toEqual(['src/server.ts:3']);
  });
});

describe('a bare `let` filled by import() (a CommonJS file loading the ESM-only SDK, sweep 20 T2)', () => {
  const loaded = (load: string) =>
    runRule(ping, {
      'src/server.cjs': `let Server;
async function start() {
${load}
  const s = new Server({ name: 'x', version: '1' }, { capabilities: {} });
  await s.ping();
}
start();
`,
    }).findings.map((f) => `${f.file}:${f.line}`);

  it('destructuring assignment, renamed destructuring, and a member of the awaited module', () => {
    expect(loaded("  ({ Server } = await import('@modelcontextprotocol/sdk/server/index.js'));")).toEqual(['src/server.cjs:5']);
    expect(loaded("  ({ Server: Server } = await import('@modelcontextprotocol/sdk/server/index.js'));")).toEqual(['src/server.cjs:5']);
    expect(loaded("  Server = (await import('@modelcontextprotocol/sdk/server/index.js')).Server;")).toEqual(['src/server.cjs:5']);
  });

  it('nothing from a module that is not the SDK, and nothing from two assignments that disagree', () => {
    expect(loaded("  ({ Server } = await import('./game-server.js'));")).toEqual([]);
    expect(loaded("  ({ Server } = await import('@modelcontextprotocol/sdk/server/index.js'));\n  if (process.env.GAME) ({ Server } = await import('./game-server.js'));")).toEqual([]);
  });
});
