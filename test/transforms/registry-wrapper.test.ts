/**
 * A transport registry wrapped in a class of the project's own module (sweep 31 AE2): the routes' calls of its methods
 * are session routing only when each method does nothing but reach the registry; one that does more is the
 * application's own logic, and the route is kept. The fixture pair stateless-serving/registry-wrapper-class shows the
 * rewrite with the class in the same file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { removeTempTrees, tempTree } from '../support/temp-tree.js';

afterAll(removeTempTrees);

// The three modules of sweep 31 AE2's shape: the class in a module of its own (the fixture pair has it in one file).
const MODULES = path.resolve(import.meta.dirname, 'registry-wrapper');
const read = (name: string) => fs.readFileSync(path.join(MODULES, `${name}.txt`), 'utf8');

describe('a class wrapping the transport registry', () => {
  it('whose method also counts the sessions keeps the route, marked as custom logic', async () => {
    const counting = read('session-manager.ts')
      .replace('  private transports', '  opened = 0;\n  private transports')
      .replace('    this.transports[sessionId] = transport;\n', '    this.transports[sessionId] = transport;\n    this.opened++;\n');
    const dir = tempTree({ 'server.ts': read('server.ts'), 'mcp-server.ts': read('mcp-server.ts'), 'session-manager.ts': counting });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'] });
    const server = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
    expect(server).toContain("app.post('/mcp'");
    expect(server).not.toContain("app.all('/mcp'");
    expect(server).toContain('custom logic in the MCP route (uses `sessionManager`)');
  });

  it('whose methods only reach the registry is replaced with the routes', async () => {
    const dir = tempTree({ 'server.ts': read('server.ts'), 'mcp-server.ts': read('mcp-server.ts'), 'session-manager.ts': read('session-manager.ts') });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'] });
    const server = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
    expect(server).toContain('createMcpHandler(() => createMcpServer(greeting))');
    expect(server).not.toContain("import { sessionManager }");
  });
});
