/**
 * The runtime's timers are described once (`src/analysis/timers.ts`) and recognised by one function: the
 * global, `globalThis.`/`global.`/`window.` members and `node:timers` imports are timers; a project function,
 * variable or import of the same name is not.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ts } from '../../src/typescript.js';
import { analyze } from '../../src/analysis/analyze.js';
import { forEachDescendant } from '../../src/analysis/ast.js';
import { SCHEDULING_TIMERS, timerStarted } from '../../src/analysis/timers.js';
import { inMemoryResolver, type Files } from '../support/rule-tester.js';

const ROOT = '/project';
const SDK = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 's', version: '1' });\n`;

/** Each call of `file` (the callee's text) with the timer it starts, or undefined. */
function timersIn(project: Files, file: string, names?: ReadonlySet<string>): Array<[string, string | undefined]> {
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  const { analysis, sourceFiles } = analyze({ files, resolve: inMemoryResolver(files), relative: (abs: string) => path.posix.relative(ROOT, abs) });
  const sf = sourceFiles.find((s) => s.fileName === `${ROOT}/${file}`)!;
  const out: Array<[string, string | undefined]> = [];
  forEachDescendant(sf, (node) => {
    if (ts.isCallExpression(node)) out.push([node.expression.getText(sf), timerStarted(node, analysis.values, names)]);
  });
  return out;
}

describe('timerStarted', () => {
  it('recognises the runtime timers in every form they are written', () => {
    const calls = timersIn({
      'server.ts': `${SDK}import { setInterval as every } from 'node:timers';
setTimeout(() => {}, 1);
setInterval(() => {}, 1);
globalThis.setTimeout(() => {}, 1);
global.setInterval(() => {}, 1);
every(() => {}, 1);
`,
    }, 'server.ts');
    expect(calls).toEqual([
      ['setTimeout', 'setTimeout'],
      ['setInterval', 'setInterval'],
      ['globalThis.setTimeout', 'setTimeout'],
      ['global.setInterval', 'setInterval'],
      // Imported under another name: the local name is not a timer's, so it is not recognised by name.
      ['every', undefined],
    ]);
  });

  it('does not take a project function, variable or import of the same name for a timer', () => {
    const calls = timersIn({
      'server.ts': `${SDK}import { setInterval } from './schedule.js';
function setTimeout(f: () => void, ms: number) { return f; }
setTimeout(() => {}, 1);
setInterval(() => {}, 1);
`,
      'schedule.ts': `export function setInterval(f: () => void, ms: number) { return f; }\n`,
    }, 'server.ts');
    expect(calls).toEqual([
      ['setTimeout', undefined],
      ['setInterval', undefined],
    ]);
  });

  it('counts setImmediate only when asked for every scheduling call', () => {
    const project = { 'server.ts': `${SDK}setImmediate(() => {});\nimport { setTimeout as later } from 'node:timers';\nsetTimeout(() => {}, 1);\n` };
    expect(timersIn(project, 'server.ts')).toEqual([['setImmediate', undefined], ['setTimeout', 'setTimeout']]);
    expect(timersIn(project, 'server.ts', SCHEDULING_TIMERS)).toEqual([['setImmediate', 'setImmediate'], ['setTimeout', 'setTimeout']]);
  });
});

describe('timerStarted in CommonJS', () => {
  it("recognises a timer destructured from require('node:timers'), not from a project module", () => {
    const calls = timersIn({
      'server.js': `const { setInterval } = require('node:timers');\nconst { setTimeout } = require('./schedule.js');\nsetInterval(() => {}, 1);\nsetTimeout(() => {}, 1);\n`,
      'schedule.js': `exports.setTimeout = function (f) { return f; };\n`,
    }, 'server.js');
    expect(calls.filter(([callee]) => callee !== 'require')).toEqual([
      ['setInterval', 'setInterval'],
      ['setTimeout', undefined],
    ]);
  });
});
