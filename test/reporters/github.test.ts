import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, renderGithub } from '../../src/reporters/github.js';
import type { RenderOptions } from '../../src/reporters/index.js';
import { EMPTY_REPORT, SAMPLE_REPORT, SAMPLE_RULES, makeFinding, makeReport } from '../support/sample-report.js';

const options: RenderOptions = { rules: SAMPLE_RULES, color: true, failOn: 'error' };
const out = renderGithub(SAMPLE_REPORT, options);
const lines = out.trimEnd().split('\n');
const commands = lines.filter((l) => l.startsWith('::'));

/** Parse `::name k=v,k=v::message` back, undoing the escaping (as the runner does). */
function parseCommand(line: string) {
  const match = /^::(\w+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!match) throw new Error(`not a workflow command: ${line}`);
  const unescape = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const properties = Object.fromEntries(
    (match[2] ?? '').split(',').filter(Boolean).map((kv) => {
      const eq = kv.indexOf('=');
      return [kv.slice(0, eq), unescape(kv.slice(eq + 1))];
    }),
  );
  return { name: match[1], properties, message: unescape(match[3] ?? '') };
}

describe('github reporter', () => {
  it('writes one command per finding and per diagnostic, then the verdict as a plain line', () => {
    expect(commands).toHaveLength(SAMPLE_REPORT.findings.length + SAMPLE_REPORT.diagnostics.length);
    expect(lines.at(-1)).toBe('✖ 7 findings block 2026-07-28 readiness (7 errors); 2 warnings, 1 info below --fail-on error; findings may be incomplete: 1 file with syntax errors analysed only as far as it parses');
    expect(out.endsWith('\n')).toBe(true);
  });

  it('writes the exact annotation for a finding', () => {
    expect(commands).toContain(
      '::error file=src/server.ts,line=24,col=37,endLine=24,endColumn=53,title=session-transport/session-header::' +
        'Reads the `Mcp-Session-Id` header; 2026-07-28 servers ignore it and never mint or echo one.',
    );
  });

  it('maps error→::error, warning→::warning, info→::notice, in report order', () => {
    const findingCommands = commands.slice(0, SAMPLE_REPORT.findings.length).map(parseCommand);
    expect(findingCommands.map((c) => `${c.name} ${c.properties.title}`)).toEqual([
      'error session-state/keyed-store',
      'error session-state/session-id-read',
      'notice handle-hygiene/guessable-handle',
      'warning session-state/session-telemetry',
      'error session-transport/transport-registry',
      'error session-transport/session-header',
      'error session-transport/session-id-generator',
      'error handshake/client-capabilities',
      'warning deprecated-feature/logging',
      'error server-push/elicitation',
    ]);
  });

  it('annotates with the message alone, on one line (the chain is part of the message)', () => {
    const read = commands.map(parseCommand).find((c) => c.properties.title === 'session-state/session-id-read')!;
    expect(read.message).toBe(SAMPLE_REPORT.findings.find((f) => f.ruleId === 'session-state/session-id-read')!.message);
    expect(commands.find((c) => c.includes('session-id-read'))).not.toMatch(/\n/);
  });

  it('annotates diagnostics as warnings on their file', () => {
    expect(commands).toContain('::warning file=assets/bundle.min.js,title=mcp-migrate too-large::Skipped: 3.2 MB is over the 1 MB limit.');
    expect(commands).toContain("::warning file=src/legacy/broken.ts,line=12,col=9,title=mcp-migrate parse-error::')' expected.");
  });

  it('annotates a note as a notice', () => {
    const withNote = { ...SAMPLE_REPORT, diagnostics: [{ file: 'tsconfig.json', kind: 'note' as const, message: 'n' }] };
    expect(renderGithub(withNote, options).split('\n')).toContain('::notice file=tsconfig.json,title=mcp-migrate note::n');
  });

  it('escapes %, CR and LF in messages, and also : and , in properties', () => {
    const report = makeReport(
      [
        makeFinding({
          ruleId: 'server-push/ping',
          file: 'src/a,b:c%d.ts',
          line: 3,
          column: 5,
          message: '100% of pings\r\nare removed: use keep-alives, not ping()',
        }),
      ],
      { root: 'packages/x' },
    );
    const [line] = renderGithub(report, options).split('\n');
    expect(line).toBe(
      '::error file=packages/x/src/a%2Cb%3Ac%25d.ts,line=3,col=5,endLine=3,endColumn=15,title=server-push/ping::' +
        '100%25 of pings%0D%0Aare removed: use keep-alives, not ping()',
    );
    const parsed = parseCommand(line!);
    expect(parsed.properties.file).toBe('packages/x/src/a,b:c%d.ts');
    expect(parsed.message).toBe('100% of pings\r\nare removed: use keep-alives, not ping()');
  });

  it('only prints the verdict for a clean report', () => {
    expect(renderGithub(EMPTY_REPORT, options)).toBe('✔ No reliance on sessions, the handshake or deprecated features found\n');
  });
});

describe('github reporter within GitHub\'s annotation limits (10 errors, 10 warnings, 10 notices per step)', () => {
  // 23 errors, 13 warnings and 12 info findings (as on mongodb-mcp-server, where 16 were dropped), plus a skipped file and a note.
  const many = (ruleId: string, count: number, file: string) =>
    Array.from({ length: count }, (_, i) => makeFinding({ ruleId, file, line: i + 1, column: 1, message: `${ruleId} #${i + 1}` }));
  const report = makeReport(
    [...many('session-transport/session-header', 23, 'src/a.ts'), ...many('deprecated-feature/logging', 13, 'src/b.ts'), ...many('handle-hygiene/guessable-handle', 12, 'src/c.ts')],
    {
      diagnostics: [
        { file: 'src/broken.ts', kind: 'parse-error', message: 'x', line: 1, column: 1 },
        { file: 'tsconfig.json', kind: 'note', message: 'n' },
      ],
    },
  );
  const out = renderGithub(report, { ...options, fullReportAt: ['mcp-migrate.sarif', 'the job summary'] });
  const parsed = out.split('\n').filter((l) => l.startsWith('::')).map(parseCommand);
  const ofKind = (name: string) => parsed.filter((c) => c.name === name);

  it('annotates at most 10 of each kind, the overflow notice included', () => {
    expect(ofKind('error')).toHaveLength(10);
    expect(ofKind('warning')).toHaveLength(10);
    expect(ofKind('notice')).toHaveLength(10);
  });

  it('annotates the first findings in report order, findings before diagnostics', () => {
    expect(ofKind('error').map((c) => c.message)).toEqual(Array.from({ length: 10 }, (_, i) => `session-transport/session-header #${i + 1}`));
    expect(ofKind('warning').every((c) => c.properties.title === 'deprecated-feature/logging')).toBe(true);
  });

  it('lists every finding it did not annotate as a plain log line, then one notice with the count and where the full report is', () => {
    const lines = out.split('\n');
    const logged = lines.filter((l) => /^  \S+:\d+/.test(l) || /^  tsconfig\.json /.test(l));
    // 13 errors, 3 warning findings + the skipped file, 3 info findings + the note (9 notices annotated, 1 place for the overflow notice).
    expect(logged).toHaveLength(13 + 4 + 4);
    expect(logged).toContain('  src/a.ts:23:1  error  session-transport/session-header  session-transport/session-header #23');
    expect(logged).toContain('  src/broken.ts:1:1  warning  mcp-migrate parse-error  x');
    const overflow = ofKind('notice').at(-1)!;
    expect(overflow.properties.title).toBe('mcp-migrate: 21 more not annotated');
    expect(overflow.message).toBe(
      "GitHub shows 10 error, 10 warning and 10 notice annotations per step; 13 errors, 4 warnings, 4 notices more are not annotated. The full list: this step's log above, mcp-migrate.sarif, the job summary.",
    );
    expect(lines.at(-2)).toBe('✖ 23 findings block 2026-07-28 readiness (23 errors); 13 warnings, 12 info below --fail-on error; findings may be incomplete: 1 file with syntax errors analysed only as far as it parses');
  });

  it('annotates all 10 notices and adds no overflow notice when every kind fits', () => {
    const fits = makeReport([...many('session-transport/session-header', 10, 'src/a.ts'), ...many('handle-hygiene/guessable-handle', 10, 'src/c.ts')]);
    const commands = renderGithub(fits, options).split('\n').filter((l) => l.startsWith('::')).map(parseCommand);
    expect(commands).toHaveLength(20);
    expect(commands.filter((c) => c.name === 'notice').every((c) => c.properties.title === 'handle-hygiene/guessable-handle')).toBe(true);
  });
});

describe('workflow command escaping', () => {
  it('escapeData encodes %, CR and LF (and % first, so it is not double-encoded)', () => {
    expect(escapeData('50%\r\n%0A')).toBe('50%25%0D%0A%250A');
    expect(escapeData('a: b, c')).toBe('a: b, c');
  });

  it('escapeProperty also encodes : and ,', () => {
    expect(escapeProperty('C:\\x,y%\n')).toBe('C%3A\\x%2Cy%25%0A');
  });
});
