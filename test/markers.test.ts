/** What a marker stands for: the statement below it, also when markers or other comments stack above it. */
import { describe, expect, it } from 'vitest';
import { ts } from '../src/typescript.js';
import { markedSpans, markerInsertion, markingSpan } from '../src/markers.js';

const spansOf = (text: string) => {
  const sf = ts.createSourceFile('server.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return markedSpans(sf).map(({ ruleId, markerLine, endLine, statement }) => ({ ruleId, markerLine, endLine, statement: statement?.getText(sf).split('\n')[0] }));
};

describe('markedSpans', () => {
  it('a lone marker stands for the statement below it, through its last line', () => {
    const text = "const a = 1;\n// @mcp-migrate-todo(session-state/keyed-store): re-key by a handle\nconst carts = new Map<\n  string,\n  string[]\n>();\n";
    expect(spansOf(text)).toEqual([{ ruleId: 'session-state/keyed-store', markerLine: 2, endLine: 6, statement: 'const carts = new Map<' }]);
  });

  it('every marker of a stack stands for the statement below the stack (other comments between them too)', () => {
    const text = [
      'class Backend {',
      '  // @mcp-migrate-todo(session-state/per-session-server): give the backend a handle',
      '  // @mcp-migrate-todo(handshake/client-version): read the version from the envelope',
      '  async initialize() {',
      '    this.version = this.server.getClientVersion();',
      '  }',
      '}',
      '',
    ].join('\n');
    expect(spansOf(text)).toEqual([
      { ruleId: 'session-state/per-session-server', markerLine: 2, endLine: 6, statement: 'async initialize() {' },
      { ruleId: 'handshake/client-version', markerLine: 3, endLine: 6, statement: 'async initialize() {' },
    ]);
    const withComments = text.replace('  async initialize', '  /* the set-up */ // a comment of the project\n  // another\n  async initialize');
    expect(spansOf(withComments).map((s) => [s.markerLine, s.endLine, s.statement])).toEqual([
      [2, 8, 'async initialize() {'],
      [3, 8, 'async initialize() {'],
    ]);
  });

  it('a marker with nothing below it stands for its own line', () => {
    expect(spansOf('f();\n// @mcp-migrate-todo(server-push/ping): drop the ping\n')).toEqual([{ ruleId: 'server-push/ping', markerLine: 2, endLine: 2, statement: undefined }]);
  });
});

describe('store markers standing for one another (marksSameSite)', () => {
  const KEYED = '// @mcp-migrate-todo(session-state/keyed-store): re-key by a handle';
  const spansIn = (text: string) => markedSpans(ts.createSourceFile('server.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));

  it('a keyed-store marker stands for a transport-registry finding on a statement declaring one store', () => {
    const text = `${KEYED}\nconst lastSeen = new Map<string, number>();\n`;
    expect(markingSpan({ ruleId: 'session-transport/transport-registry', line: 2 }, spansIn(text))?.ruleId).toBe('session-state/keyed-store');
    expect(markerInsertion(text, text.indexOf('const'), 'session-transport/transport-registry', 'a record per session')).toBeUndefined();
  });

  it('but not on one declaring two (two sites: each keeps its own finding and marker)', () => {
    const text = `${KEYED}\nconst transports: Record<string, unknown> = {}, carts = new Map<string, string[]>();\n`;
    expect(markingSpan({ ruleId: 'session-transport/transport-registry', line: 2 }, spansIn(text))).toBeUndefined();
    expect(markerInsertion(text, text.indexOf('const'), 'session-transport/transport-registry', 'a registry')).toBeDefined();
    expect(markingSpan({ ruleId: 'session-state/keyed-store', line: 2 }, spansIn(text))?.ruleId).toBe('session-state/keyed-store');
  });
});
