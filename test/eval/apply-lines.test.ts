import { describe, expect, it } from 'vitest';
import { anchoredLine, blankComments, classifyFindings, judgeChanges, mapLine, newTypeErrors, notFoundPackages, parseDiff } from '../../eval/apply-lines.mjs';

// Before apply (server.ts):          After apply:
//  1 import x                          1 import x
//  2 const transports = {}             2 // @mcp-migrate-todo(session-transport/transport-registry): …
//  3 foo()                             3 const transports = {}
//  4 const t = sessionIdGenerator      4 foo()
//  5 bar()                             5 const handler = createMcpHandler(a)
//  6 server.elicitInput()              6 const b = 1
//  7 baz()                             7 bar()
//  8 -- old()                          8 server.elicitInput()
//  9 end                              9 baz()
//                                     10 end
const diffText = [
  'diff --git a/src/server.ts b/src/server.ts',
  'index 1111111..2222222 100644',
  '--- a/src/server.ts',
  '+++ b/src/server.ts',
  '@@ -1,0 +2 @@ import x',
  '+// @mcp-migrate-todo(session-transport/transport-registry): serve with createMcpHandler(factory)',
  '@@ -4 +5,2 @@ foo()',
  '-const t = sessionIdGenerator',
  '+const handler = createMcpHandler(a)',
  '+const b = 1',
  '@@ -8 +9,0 @@ baz()',
  '--- old()',
  'diff --git a/src/gone.ts b/src/gone.ts',
  'deleted file mode 100644',
  '--- a/src/gone.ts',
  '+++ /dev/null',
  '@@ -1 +0,0 @@',
  '-transports[sessionId] = t',
].join('\n');

const root = '/repo';
const at = (file: string, line: number, category: string, ruleId = `${category}/x`) => ({
  ruleId,
  category,
  line,
  file,
  abs: `${root}/${file}`,
});

describe('parseDiff and mapLine', () => {
  const diff = parseDiff(diffText, root);
  const server = diff.get('/repo/src/server.ts');

  it('records hunks per file and the markers the diff adds, at their new line', () => {
    expect(server?.hunks).toHaveLength(3);
    expect(server?.markers).toEqual([{ line: 2, rule: 'session-transport/transport-registry' }]);
    expect(diff.get('/repo/src/gone.ts')?.deleted).toBe(true);
  });

  it('does not take a removed line that starts with "-- " for a file header', () => {
    expect([...diff.keys()].sort()).toEqual(['/repo/src/gone.ts', '/repo/src/server.ts']);
  });

  it('maps unchanged lines past insertions and deletions, and changed lines to their replacement', () => {
    expect(mapLine(server, 1)).toEqual([1, 1]);
    expect(mapLine(server, 2)).toEqual([3, 3]);
    expect(mapLine(server, 4)).toEqual([5, 6]);
    expect(mapLine(server, 6)).toEqual([8, 8]);
    expect(mapLine(server, 8)).toEqual([9, 10]);
    expect(mapLine(server, 9)).toEqual([10, 10]);
    expect(mapLine(undefined, 7)).toEqual([7, 7]);
  });
});

describe('classifyFindings', () => {
  const diff = parseDiff(diffText, root);
  const before = [
    at('src/server.ts', 2, 'session-transport', 'session-transport/transport-registry'),
    at('src/server.ts', 4, 'session-transport', 'session-transport/session-id-generator'),
    at('src/server.ts', 6, 'server-push'),
    at('src/gone.ts', 1, 'session-transport'),
  ];
  const after = [
    at('src/server.ts', 3, 'session-transport', 'session-transport/transport-registry'),
    at('src/server.ts', 8, 'server-push'),
    at('src/server.ts', 6, 'handshake'),
  ];
  const { verdicts, introduced } = classifyFindings(before, after, diff);

  it('says marked where apply left a marker, left where a finding of the category stays, rewritten otherwise', () => {
    expect(verdicts.map((v) => `${v.file}:${v.line} ${v.verdict}`)).toEqual([
      'src/server.ts:2 marked',
      'src/server.ts:4 rewritten',
      'src/server.ts:6 left',
      'src/gone.ts:1 rewritten',
    ]);
  });

  it('pairs one remaining finding with one original (the closest), and reports the unpaired as introduced', () => {
    // The registry finding now on line 3 is within 2 lines of the rewritten site (5–6) too; it stays with line 2.
    expect(introduced.map((f) => `${f.line} ${f.category}`)).toEqual(['6 handshake']);
  });
});

describe('classifyFindings with one hunk that replaced two sites of different rules', () => {
  // Lines 2–4 (a capability gate at 2, a session-id read at 3) were replaced by lines 2–6, where the only
  // marker names the session-id read: the marker is the read's, and the gate, which scan no longer reports, was
  // rewritten. Before the tie went to both sites, and a rewrite inside the hunk counted as marked.
  const hunkDiff = parseDiff(
    [
      'diff --git a/src/tool.ts b/src/tool.ts',
      '--- a/src/tool.ts',
      '+++ b/src/tool.ts',
      '@@ -2,3 +2,5 @@ import x',
      '-const caps = server.getClientCapabilities()',
      '-if (caps.roots) server.registerTool(name, async (args, extra) => {',
      '-  return syncRoots(extra.sessionId) })',
      '+server.registerTool(name, async (args, ctx) => {',
      '+  const caps = ctx.mcpReq.envelope',
      '+  // @mcp-migrate-todo(session-state/session-id-read): …',
      '+  return syncRoots(ctx.sessionId)',
      '+})',
    ].join('\n'),
    root,
  );
  const gate = at('src/tool.ts', 2, 'handshake', 'handshake/client-capabilities');
  const read = at('src/tool.ts', 4, 'session-state', 'session-state/session-id-read');

  it('gives the marker to the site whose rule it names, and judges the other by what scan reports after', () => {
    const { verdicts } = classifyFindings([gate, read], [at('src/tool.ts', 5, 'session-state', 'session-state/session-id-read')], hunkDiff);
    expect(verdicts.map((v) => `${v.line} ${v.ruleId} ${v.verdict}`)).toEqual(['2 handshake/client-capabilities rewritten', '4 session-state/session-id-read marked']);
  });

  it('still says left for the other site when scan reports it after apply', () => {
    const after = [at('src/tool.ts', 5, 'session-state', 'session-state/session-id-read'), at('src/tool.ts', 3, 'handshake', 'handshake/client-capabilities')];
    const { verdicts } = classifyFindings([gate, read], after, hunkDiff);
    expect(verdicts.map((v) => v.verdict)).toEqual(['left', 'marked']);
  });

  it('lets a marker of a third rule mark both when neither site has that rule', () => {
    const other = at('src/tool.ts', 3, 'server-push', 'server-push/elicitation');
    const { verdicts } = classifyFindings([gate, other], [], hunkDiff);
    expect(verdicts.map((v) => v.verdict)).toEqual(['marked', 'marked']);
  });
});

describe('anchoredLine and a line the diff moved', () => {
  // apply took `register(server)` out of the callback below it and marked the callback: a diff keeps one of the two
  // lines in place and moves the other, here the callback, which it then maps to the wrong place.
  const before = ['const a = 1;', 'server.oninitialized = async () => {', '  // note', '  register(server);', '};', ''].join('\n');
  const after = ['const a = 1;', 'register(server);', '// @mcp-migrate-todo(handshake/oninitialized): move it', 'server.oninitialized = async () => {', '  // note', '};', ''].join('\n');
  const diff = parseDiff(
    [
      'diff --git a/src/s.ts b/src/s.ts',
      '--- a/src/s.ts',
      '+++ b/src/s.ts',
      '@@ -2,2 +1,0 @@ const a = 1;',
      '-server.oninitialized = async () => {',
      '-  // note',
      '@@ -4,0 +3,3 @@',
      '+// @mcp-migrate-todo(handshake/oninitialized): move it',
      '+server.oninitialized = async () => {',
      '+  // note',
    ].join('\n'),
    root,
  );
  const site = at('src/s.ts', 2, 'handshake', 'handshake/oninitialized');

  it('finds a line by its text when that text is unique before and after, spaces aside', () => {
    expect(anchoredLine({ before, after }, 2)).toBe(4);
    expect(anchoredLine({ before, after }, 4)).toBe(2);
  });

  it('leaves to the diff a line whose text is not unique, a punctuation-only line and an unchanged file', () => {
    expect(anchoredLine({ before: 'x();\nx();\n', after: 'x();\ny();\n' }, 1)).toBeUndefined();
    expect(anchoredLine({ before, after }, 5)).toBeUndefined();
    expect(anchoredLine({ before, after: before }, 2)).toBeUndefined();
  });

  it('still finds the marker where the diff puts the line when its text is anchored elsewhere (review 41 S41-10)', () => {
    // The flagged line stays (a marker above it, its text changed) and an identical copy is written further down.
    const rest = ['const z = 2;', 'const y = 3;', 'const x = 4;', 'const w = 5;'];
    const b = ['const a = 1;', 'server.oninitialized = () => {};', ...rest, ''].join('\n');
    const a = ['const a = 1;', '// @mcp-migrate-todo(handshake/oninitialized): move it', 'server.oninitialized = () => { /* kept */ };', ...rest, 'server.oninitialized = () => {};', ''].join('\n');
    const d = parseDiff(
      ['diff --git a/src/t.ts b/src/t.ts', '--- a/src/t.ts', '+++ b/src/t.ts', '@@ -2 +2,2 @@ const a = 1;', '-server.oninitialized = () => {};', '+// @mcp-migrate-todo(handshake/oninitialized): move it', '+server.oninitialized = () => { /* kept */ };', '@@ -6,0 +8 @@ const w = 5;', '+server.oninitialized = () => {};'].join('\n'),
      root,
    );
    const texts = new Map([[`${root}/src/t.ts`, { before: b, after: a }]]);
    const verdict = classifyFindings([at('src/t.ts', 2, 'handshake', 'handshake/oninitialized')], [], d, texts).verdicts[0]!;
    expect(verdict.mapped).toEqual([8, 8]);
    expect(verdict.verdict).toBe('marked');
    // Without the marker, the finding still reported at the line's place is what is left there, not a new finding.
    const unmarked = parseDiff(
      ['diff --git a/src/t.ts b/src/t.ts', '--- a/src/t.ts', '+++ b/src/t.ts', '@@ -2 +2 @@ const a = 1;', '-server.oninitialized = () => {};', '+server.oninitialized = () => { /* kept */ };', '@@ -6,0 +7 @@ const w = 5;', '+server.oninitialized = () => {};'].join('\n'),
      root,
    );
    const kept = ['const a = 1;', 'server.oninitialized = () => { /* kept */ };', ...rest, 'server.oninitialized = () => {};', ''].join('\n');
    const left = classifyFindings([at('src/t.ts', 2, 'handshake', 'handshake/oninitialized')], [at('src/t.ts', 2, 'handshake', 'handshake/oninitialized')], unmarked, new Map([[`${root}/src/t.ts`, { before: b, after: kept }]]));
    expect(left.verdicts[0]!.verdict).toBe('left');
    expect(left.introduced).toEqual([]);
  });

  it('maps the moved line to where its text is, not to where the diff removed it', () => {
    const texts = new Map([[`${root}/src/s.ts`, { before, after }]]);
    expect(classifyFindings([site], [], diff).verdicts[0]!.mapped).toEqual([1, 2]);
    const anchored = classifyFindings([site], [], diff, texts).verdicts[0]!;
    expect(anchored.mapped).toEqual([4, 4]);
    expect(anchored.verdict).toBe('marked');
  });
});

describe('classifyFindings with a marker that stands for findings far below it', () => {
  const diff = parseDiff(diffText, root);
  // `baz()` (line 7, now 8) is a telemetry site inside a kept endpoint whose decision marker is line 2.
  const before = [at('src/server.ts', 7, 'session-state', 'session-state/session-telemetry')];
  const marker = at('src/server.ts', 2, 'session-transport', 'session-transport/transport-registry');

  it('says marked when scan reports the marker in place of the finding (`replaces`), rewritten when it does not', () => {
    const standing = classifyFindings(before, [{ ...marker, replaces: [{ ruleId: 'session-state/session-telemetry', line: 8 }] }], diff);
    expect(standing.verdicts.map((v) => v.verdict)).toEqual(['marked']);
    expect(classifyFindings(before, [marker], diff).verdicts.map((v) => v.verdict)).toEqual(['rewritten']);
  });

  it('does not count the marker that stands in for a site as introduced: the site is reported once, by its marker', () => {
    const standing = classifyFindings(before, [{ ...marker, replaces: [{ ruleId: 'session-state/session-telemetry', line: 8 }] }], diff);
    expect(standing.introduced).toEqual([]);
    // A marker that replaces nothing from before is a new report.
    const unrelated = classifyFindings(before, [{ ...marker, replaces: [{ ruleId: 'session-state/keyed-store', line: 8 }] }], diff);
    expect(unrelated.introduced.map((f) => f.line)).toEqual([2]);
  });
});

describe('classifyFindings with one marker on a kept sessionful endpoint', () => {
  // apply added one line (its marker, above old line 21) and changed nothing else: scan reports that marker in
  // place of the endpoint's session findings, wherever in the file they are (its `replaces`).
  const relay = parseDiff(
    [
      'diff --git a/src/relay.ts b/src/relay.ts',
      '--- a/src/relay.ts',
      '+++ b/src/relay.ts',
      '@@ -20,0 +21 @@ export function relay() {',
      '+    // @mcp-migrate-todo(session-transport/session-id-generator): this endpoint is a gateway; make it a stateless relay',
    ].join('\n'),
    root,
  );
  const before = [
    at('src/relay.ts', 5, 'session-transport', 'session-transport/transport-registry'),
    at('src/relay.ts', 30, 'session-transport', 'session-transport/session-header'),
    at('src/relay.ts', 40, 'session-state', 'session-state/session-telemetry'),
    at('src/relay.ts', 60, 'session-transport', 'session-transport/session-route'),
    at('src/relay.ts', 80, 'handshake', 'handshake/client-capabilities'),
  ];
  const marker = {
    ...at('src/relay.ts', 21, 'session-transport', 'session-transport/session-id-generator'),
    replaces: [
      { ruleId: 'session-transport/transport-registry', line: 5 },
      { ruleId: 'session-transport/session-header', line: 31 },
      // The right line, another rule: it does not mark the telemetry site on that line.
      { ruleId: 'session-state/session-id-read', line: 41 },
      { ruleId: 'session-transport/session-route', line: 61 },
    ],
  };
  const after = [marker, at('src/relay.ts', 41, 'session-state', 'session-state/session-telemetry'), at('src/relay.ts', 81, 'handshake', 'handshake/client-capabilities')];
  const { verdicts, introduced } = classifyFindings(before, after, relay);

  it('says marked for each site the marker lists, however far from it, and left for the sites it does not', () => {
    expect(verdicts.map((v) => `${v.line} ${v.verdict}`)).toEqual(['5 marked', '30 marked', '40 left', '60 marked', '80 left']);
    expect(verdicts.filter((v) => v.verdict === 'marked').map((v) => v.marker)).toEqual([
      'session-transport/session-id-generator',
      'session-transport/session-id-generator',
      'session-transport/session-id-generator',
    ]);
  });

  it('counts the marker as those sites, not as a new finding', () => {
    expect(introduced).toEqual([]);
  });

  it('does not mark a site of another file the marker lists by rule and line', () => {
    const elsewhere = [at('src/other.ts', 61, 'session-transport', 'session-transport/session-route')];
    const left = classifyFindings(elsewhere, [marker, ...elsewhere], relay);
    expect(left.verdicts.map((v) => v.verdict)).toEqual(['left']);
  });
});

describe('newTypeErrors', () => {
  it('matches errors by file, code and message whatever their line, counting repeats', () => {
    const e = (line: number, code = 'TS2345', message = 'Argument of type X') => ({ file: 'a.ts', line, code, message });
    const fresh = newTypeErrors({ list: [e(10), e(20, 'TS2304', 'Cannot find name Y')] }, { list: [e(12), e(30), e(40, 'TS2353', 'Z')] });
    expect(fresh).toEqual(['a.ts:30 TS2345 Argument of type X', 'a.ts:40 TS2353 Z']);
  });
});

describe('blankComments', () => {
  it('blanks line and block comments, keeps strings that contain comment openers, and keeps line numbers', () => {
    const source = [
      '// @mcp-migrate-todo(x): use createMcpHandler(factory)',
      'const glob = "src/**/*.ts"; const url = \'https://x\'; /* inline',
      'still comment */ serve(); // trailing',
      'const t = `a // b`;',
    ].join('\n');
    const code = blankComments(source);
    expect(code.split('\n')).toHaveLength(4);
    expect(code).not.toMatch(/createMcpHandler|inline|trailing/);
    expect(code).toContain('"src/**/*.ts"');
    expect(code).toContain("'https://x'");
    expect(code).toContain('serve();');
    expect(code).toContain('`a // b`');
  });
});

describe('judgeChanges', () => {
  // The tree after apply: a marker's advice names createMcpHandler, but the code still builds the sessionful
  // transport; SSE is gone (wrong while 2025-era clients are served) although a marker is there too.
  const files: Record<string, string> = {
    'http.ts': [
      '// @mcp-migrate-todo(session-transport/transport-registry): use createMcpHandler(factory)',
      'const transports = new Map();',
      'const t = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });',
    ].join('\n'),
    'stdio.ts': 'serveStdio(() => createServer());',
    'sse.ts': 'app.get("/sse", handler);',
  };
  const tree = {
    code: (file: string) => (file in files ? blankComments(files[file]) : undefined),
    markers: (file: string) =>
      ({
        'http.ts': [{ line: 1, rule: 'session-transport/transport-registry' }],
        'sse.ts': [{ line: 1, rule: 'session-transport/sse-transport' }],
      })[file] ?? [],
  };
  const change = (id: string, rest: object) => ({ id, file: 'x', what: id, ...rest });
  const verdicts = judgeChanges(
    [
      change('http', {
        serving: true,
        made: [{ file: 'http.ts', contains: 'createMcpHandler\\(' }],
        marked: [{ file: 'http.ts', marker: 'session-transport/', near: 'transports = new Map', within: 2 }],
      }),
      change('stdio', { made: [{ file: 'stdio.ts', contains: 'serveStdio\\(' }, { file: 'stdio.ts', lacks: 'StdioServerTransport' }] }),
      change('sse', {
        made: [{ file: 'sse.ts', contains: 'server-legacy' }],
        wrong: [{ file: 'sse.ts', lacks: 'SSEServerTransport' }],
        marked: [{ file: 'sse.ts', marker: '*' }],
      }),
      change('gone', { required: false, made: [{ file: 'absent.ts', contains: '.' }], marked: [{ file: 'http.ts', marker: 'handshake/' }] }),
    ],
    tree,
  );

  it('takes made, then wrong, then marked, else missed, and does not take a marker\'s advice for the code', () => {
    expect(verdicts.map((v) => `${v.id} ${v.verdict}`)).toEqual(['http marked', 'stdio made', 'sse wrong', 'gone missed']);
    expect(verdicts.map((v) => [v.serving, v.required])).toEqual([
      [true, true],
      [false, true],
      [false, true],
      [false, false],
    ]);
  });

  it('rejects a pattern it cannot evaluate instead of judging it false', () => {
    expect(() => judgeChanges([change('bad', { made: [{ file: 'http.ts' }] })], tree)).toThrow(/pattern without/);
  });
});

describe('notFoundPackages', () => {
  it('names the packages a pnpm or npm install could not get from the registry (404 on a tarball or its metadata, no matching version)', () => {
    const pnpm = ' ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/@apify/mcpc/-/mcpc-0.6.0.tgz: Not Found - 404\n\nNo authorization header was set for the request.';
    const npm = 'npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/@braintrust%2fapi - Not found\nnpm error 404 Not Found - GET https://registry.npmjs.org/vitest-evals: Not found';
    const noVersion = ' ERR_PNPM_NO_MATCHING_VERSION  No matching version found for vitest-evals@0.4.0 while fetching it from https://registry.npmjs.org/';
    expect(notFoundPackages(pnpm)).toEqual(['@apify/mcpc']);
    expect(notFoundPackages(npm)).toEqual(['@braintrust/api', 'vitest-evals']);
    expect(notFoundPackages(noVersion)).toEqual(['vitest-evals']);
    expect(notFoundPackages(' ERR_PNPM_FETCH_403  GET https://registry.npmjs.org/x/-/x-1.0.0.tgz: Forbidden')).toEqual([]);
  });
});
