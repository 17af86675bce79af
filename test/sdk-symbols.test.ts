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
