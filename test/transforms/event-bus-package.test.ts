/**
 * A server's change-event bus (`projectEventBus`, which stateless-serving hands createMcpHandler as `bus`) is one of
 * its own package: in a monorepo another package's exported bus is another server's, and its module cannot be
 * imported by relative path from here (a package's build and rootDir end at it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { projectEventBus } from '../../src/transforms/server-push-markers/event-bus.js';
import { inMemoryResolver } from '../support/rule-tester.js';
import { tempTree } from '../support/temp-tree.js';

const BUS = "import { InMemoryServerEventBus } from '@modelcontextprotocol/server';\n\nexport const events = new InMemoryServerEventBus();\n";
const SERVER = "import { McpServer } from '@modelcontextprotocol/server';\n\nexport const server = new McpServer({ name: 's', version: '1.0.0' });\n";
const PACKAGE = (name: string) => JSON.stringify({ name, type: 'module', private: true });

describe('projectEventBus', () => {
  it("finds the bus exported in the server's own package, never another package's", () => {
    const dir = tempTree({
      'packages/live/package.json': PACKAGE('live'),
      'packages/live/src/events.ts': BUS,
      'packages/live/src/server.ts': SERVER,
      'packages/news/package.json': PACKAGE('news'),
      'packages/news/src/server.ts': SERVER,
    });
    const rels = ['packages/live/src/events.ts', 'packages/live/src/server.ts', 'packages/news/src/server.ts'];
    const files = new Map(rels.map((rel) => [path.join(dir, rel), fs.readFileSync(path.join(dir, rel), 'utf8')]));
    const result = analyze({ files, resolve: inMemoryResolver(files), relative: (abs: string) => path.relative(dir, abs) });
    const sourceOf = (rel: string) => result.sourceFiles.find((sf) => sf.fileName === path.join(dir, rel))!;
    expect(projectEventBus(result, sourceOf('packages/live/src/server.ts'), 'ts')).toEqual({ name: 'events', specifier: './events.js' });
    expect(projectEventBus(result, sourceOf('packages/news/src/server.ts'), 'ts')).toBeUndefined();
  });
});
