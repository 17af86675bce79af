/**
 * What `apply` tells people and machines: the migration report (MIGRATION.md), the JSON form
 * (`changes` and `manual` added to the scan report, docs/design.md), the terminal summary and the
 * dry-run diff. All pure functions of one `ApplyResult`.
 */
import path from 'node:path';
import { Chalk } from 'chalk';
import { createTwoFilesPatch } from 'diff';
import { SCHEMA_VERSION, summarize, type Finding } from '../model.js';
import { transformsRewriting } from '../fix-status.js';
import { isLeftOutOfAnalysis } from '../reporters/verdict.js';
import { transformByName } from '../transforms/catalog.js';
import { andList } from '../transforms/kit/prose.js';
import { VERSION } from '../version.js';
import type { ApplyResult } from './apply.js';
import { heldBackMarkdownLines, heldBackSummaryLines, typeCheckJson, typeCheckMarkdownLines, typeCheckSummaryLines } from './typecheck/render.js';

const rel = (result: ApplyResult, file: string): string => path.relative(result.root, file).split(path.sep).join('/');

/** Markers left in the migrated code, read back from it (so their lines are where they are now); suppressed ones excepted. */
function markersLeft(result: ApplyResult): Finding[] {
  const siteKey = (ruleId: string, file: string, line: number, column: number): string => `${ruleId}\0${file}\0${line}\0${column}`;
  const markers = new Set(result.remaining.filter((f) => f.messageId === 'marker').map((f) => siteKey(f.rule.meta.id, f.file, f.line, f.column)));
  return [...result.gate.gated, ...result.gate.testFindings].filter((f) => markers.has(siteKey(f.ruleId, f.file, f.line, f.column)));
}

/** The findings left in the migrated code that count, as `scan` reports them. */
function findingsOf(result: ApplyResult): Finding[] {
  return result.gate.gated;
}

/** What the marker asks a person to do, without the prefix every marker finding's message has. */
function markerReason(marker: Finding): string {
  return marker.message.replace(/^Left by `mcp-migrate apply`, still to do: /, '');
}

/** Rough tokens: ~4 characters per token for identifiers and English. */
const tokens = (chars: number): number => Math.ceil(chars / 4);

export function renderJson(result: ApplyResult): string {
  const findings = findingsOf(result);
  return `${JSON.stringify(
    {
      schemaVersion: SCHEMA_VERSION,
      tool: { name: 'mcp-migrate', version: VERSION },
      command: 'apply',
      root: result.label,
      dryRun: !result.written,
      summary: {
        ...summarize(findings, result.discovered, result.analysed),
        ...(result.gate.suppressed.length ? { suppressed: result.gate.suppressed.length } : {}),
        ...(result.gate.testFindings.length ? { testFindings: result.gate.testFindings.length } : {}),
        ...(result.gate.baselined ? { baselined: result.gate.baselined } : {}),
      },
      changes: result.changes.map((c) => ({ file: rel(result, c.file), transforms: c.transforms, edits: c.edits, created: c.created })),
      manual: markersLeft(result).map((m) => ({ file: m.file, line: m.line, ruleId: m.ruleId, reason: markerReason(m) })),
      stores: result.stores.map((s) => ({ ...s, file: rel(result, s.file), names: s.names, ...(s.markedAt ? { markedAt: { ...s.markedAt, file: rel(result, s.markedAt.file) } } : {}) })),
      notes: result.notes,
      ...(result.heldOnV1.length ? { heldOnV1: result.heldOnV1 } : {}),
      failures: result.failures.map((f) => ({ ...f, file: rel(result, f.file) })),
      skippedChanged: result.skippedChanged.map((f) => rel(result, f)),
      ...typeCheckJson(result.typeCheck, (f) => rel(result, f), result.heldBack),
      findings,
      ...(result.gate.suppressed.length ? { suppressed: result.gate.suppressed } : {}),
      ...(result.gate.testFindings.length ? { testFindings: result.gate.testFindings } : {}),
      diagnostics: result.gate.diagnostics,
    },
    null,
    2,
  )}\n`;
}

/** The title of a migration report `apply` started; a file without it is a person's, kept above the runs. */
const REPORT_TITLE = '# MCP migration report';

const REPORT_INTRO =
  'Written by `mcp-migrate apply`: one section per run that changed files, oldest first. Review the diff of each run together with its section.';

export interface MarkdownOptions {
  /** When the run happened (the section's heading); now by default. */
  date?: Date;
}

/** The migration report of a first run: title, then the run's section. */
export function renderMarkdown(result: ApplyResult, options: MarkdownOptions = {}): string {
  return `${REPORT_TITLE}\n\n${REPORT_INTRO}\n\n${renderRunSection(result, options.date ?? new Date())}`;
}

/**
 * The report after this run: what earlier runs wrote is kept and this run's dated section goes
 * below it (a person's own MIGRATION.md is kept too). A section with the same content as one
 * already there (a run repeated after a revert) is not added twice.
 */
export function mergeMigrationReport(existing: string | undefined, result: ApplyResult, options: MarkdownOptions = {}): string {
  if (existing === undefined || existing.trim() === '') return renderMarkdown(result, options);
  const section = renderRunSection(result, options.date ?? new Date());
  const body = section.slice(section.indexOf('\n'));
  if (existing.includes(body)) return existing;
  return `${existing.trimEnd()}\n\n${section}`;
}

/** `2026-07-28 09:30 UTC` */
function runDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function renderRunSection(result: ApplyResult, date: Date): string {
  const out: string[] = [];
  out.push(`## ${runDate(date)}: \`mcp-migrate apply\` ${VERSION}`, '');
  out.push(`Transforms run: ${result.transforms.map((t) => `\`${t}\``).join(', ')}.`, '');
  out.push(...summarySection(result), ...changedSection(result), ...alsoDoneSection(result), ...handlesSection(result), ...leftSection(result), ...typeCheckSection(result), ...risksSection(result));
  out.push('### Next steps', '');
  out.push(...nextSteps(result).map((s) => `1. ${s}`), '');
  return out.join('\n');
}

const rewrittenStores = (result: ApplyResult): ApplyResult['stores'] => result.stores.filter((s) => s.status === 'rewritten');

function summarySection(result: ApplyResult): string[] {
  const out = ['### Summary', ''];
  out.push(`- Files changed: ${result.changes.filter((c) => !c.created).length}; files created: ${result.changes.filter((c) => c.created).length}`);
  // Transport registries are serving plumbing, never a candidate for a handle (sweep 23 W4): only state stores count.
  const stateStores = result.stores.filter((s) => !s.plumbing);
  if (stateStores.length > 0) out.push(`- Session-keyed stores turned into handles: ${rewrittenStores(result).length} of ${stateStores.length}`);
  out.push(`- Markers left for a person: ${markersLeft(result).length}`);
  if (result.heldOnV1.length) out.push(`- SDK v2 move held back until you act: ${result.heldOnV1.length} (see "Left on SDK v1 until you act")`);
  out.push(`- Findings still reported by \`mcp-migrate scan\`: ${findingsOf(result).length}`);
  if (result.failures.length) out.push(`- Files a transform failed on (nothing was written): ${result.failures.length}`);
  return [...out, ''];
}

/** Per file: each transform that changed it, what that transform does and why 2026-07-28 needs it. */
function changedSection(result: ApplyResult): string[] {
  if (!result.changes.length) return [];
  const out = ['### What changed', ''];
  for (const change of result.changes) {
    out.push(`#### \`${rel(result, change.file)}\`${change.created ? ' (new)' : ''}`, '');
    out.push(change.created ? 'Generated file.' : `${change.edits} edit${change.edits === 1 ? '' : 's'}.`, '');
    for (const name of change.transforms) {
      const transform = transformByName(name);
      const marked = change.markedOnly[name];
      if (marked === 0) {
        // Its markers went with the code they marked, which a later transform removed: it claims nothing here.
        out.push(`- \`${name}\`: marked code that a later transform removed; none of its markers is left here.`);
        continue;
      }
      // What its notes say it did here, when they name this file; else what the transform does in general.
      const said = change.said?.[name];
      const what = marked ? `left ${marked} marker${marked === 1 ? '' : 's'} for a person (see "Left for a person")` : said?.length ? said.join('; ') : transform?.summary;
      // Markers carry their own reasons (a framework's sessions marked by server-push-markers is no push; sweep 10 H8).
      out.push(!transform ? `- \`${name}\`` : marked ? `- \`${name}\`: ${what}.` : `- \`${name}\`: ${what}. Why: ${transform.why}`);
    }
    out.push('');
  }
  return out;
}

function alsoDoneSection(result: ApplyResult): string[] {
  // What was left on SDK v1 until you act is not done: it has its own section (review 41 S41-8).
  const held = new Set(result.heldOnV1);
  const done = result.notes.filter((note) => !held.has(note));
  const out = done.length ? ['### Also done', '', ...done.map((note) => `- ${note}`), ''] : [];
  if (held.size) out.push('### Left on SDK v1 until you act', '', ...result.heldOnV1.map((note) => `- ${note}`), '');
  return out;
}

function handlesSection(result: ApplyResult): string[] {
  const rewritten = rewrittenStores(result);
  if (!rewritten.length) return [];
  const out = ['### Handles', ''];
  out.push('| store | handle argument | minted by | tools that now take it | in-process |', '|---|---|---|---|---|');
  for (const s of rewritten) {
    const moved = (result.sharedStores ?? []).find((m) => m.store === s.store && m.file === s.file);
    out.push(`| \`${s.store}\` (${rel(result, s.file)}:${s.line}) | \`${s.names!.argument}\` | \`${s.names!.mintTool}\` | ${s.tools.map((t) => `\`${t}\``).join(', ')} | ${moved ? `no (moved to ${moved.backend})` : s.inProcess ? 'yes' : 'no'} |`);
  }
  out.push('');
  out.push('Why: on MCP 2026-07-28 there is no session; state that spans calls must be referenced by an explicit identifier the client passes on each request (spec, basic/index "Statelessness"). The model now calls the minting tool, keeps the id, and passes it to each tool.', '');
  return out;
}

function leftSection(result: ApplyResult): string[] {
  const manual = markersLeft(result);
  // A store with a marker is listed by that marker (which names it): one entry per registry. One whose marker a later
  // transform removed went with the code it marked: nothing of it is left for a person.
  const unrewritten = result.stores.filter((s) => s.status === 'marked' && !s.markedAt && !s.markerRemoved);
  if (!manual.length && !unrewritten.length) return [];
  const out = ['### Left for a person', ''];
  out.push('Each site carries a `// @mcp-migrate-todo(<rule>)` comment; `mcp-migrate scan` reports them as errors until they are resolved.', '');
  for (const m of manual) out.push(`- \`${m.file}:${m.line}\` (${m.ruleId}): ${markerReason(m)}`);
  for (const s of unrewritten) out.push(`- store \`${s.store}\` (${rel(result, s.file)}:${s.line}) not rewritten: ${s.reason}`);
  return [...out, ''];
}

/** New type errors of the migrated code, and what could not be checked (typecheck/). */
function typeCheckSection(result: ApplyResult): string[] {
  const relative = (f: string): string => rel(result, f);
  return [...heldBackMarkdownLines(result.heldBack, relative), ...typeCheckMarkdownLines(result.typeCheck, relative)].map((line) => (line.startsWith('## ') ? `#${line}` : line));
}

/** Only the risks this run brings: in-process or Redis state, and handle security and token cost where handles were made. */
function risksSection(result: ApplyResult): string[] {
  const rewritten = rewrittenStores(result);
  const shared = result.sharedStores ?? [];
  const inProcess = rewritten.filter((s) => s.inProcess && !shared.some((m) => m.store === s.store && m.file === s.file));
  const out: string[] = [];
  if (inProcess.length) {
    out.push(`- **In-process state.** ${inProcess.map((s) => `\`${s.store}\``).join(', ')} and the handle registry live in this process: they do not survive a restart, and a second instance behind a load balancer does not see them. Run one instance, or move them to a shared store (Redis, a database).`);
  }
  if (shared.length) {
    out.push(`- **Shared state in Redis.** ${shared.map((s) => `\`${s.store}\``).join(', ')} and ${shared.length === 1 ? 'its handles live' : 'their handles live'} in Redis (\`apply --store redis\`, generated \`mcp-redis-store\` module): set \`REDIS_URL\` on every instance and install the \`redis\` client. Values are stored as JSON (a Date comes back as a string, a Map or class instance as a plain object). Each tool call's changes are written in one atomic step when it returns, or not at all: a concurrent change by another request fails the later call with an error asking to retry. While Redis is down or frozen, calls fail within \`MCP_REDIS_CONNECT_TIMEOUT_MS\`/\`MCP_REDIS_COMMAND_TIMEOUT_MS\` (2 s each) with a retryable "state store is unavailable" error. Keys start with \`MCP_STATE_NAMESPACE\` (default: the package name): give each deployment sharing one Redis its own.`);
  }
  if (rewritten.length) {
    out.push('- **Handle security checklist.**');
    out.push('  - [ ] Handles are 128-bit random (`<prefix>_` + 22 base64url characters); never log them in full.');
    out.push('  - [ ] Every tool that takes a handle checks it against the caller first (`<noun>Handles.check`); a handle is a name, not a credential.');
    out.push('  - [ ] On an authenticated server the principal is the verified token\'s issuer and subject: your token verifier must put the user\'s id in `authInfo.extra.sub` (and the issuer in `extra.iss` if it accepts several issuers). A token without a subject (client credentials) mints nothing: it is never one principal for every user of a client app.');
    out.push('  - [ ] On an anonymous server (no `authInfo`) a handle is a **bearer secret**: whoever learns it holds what it names. The server warns once on stderr; idempotency keys must then be 16 random bytes (22 base64url characters). Authenticate, or keep the lifetimes short enough for your data.');
    out.push('  - [ ] Handles expire after the idle time (`--handle-ttl`) and, however often used, the absolute lifetime (`--handle-max-age`); the minting tool\'s description states both. One caller holds at most `maxPerCaller` live handles (100; anonymous callers share one allowance): adjust it in the registry.');
    out.push('- **Token cost in the model\'s context** (≈ 4 characters a token):');
    for (const s of rewritten) {
      const n = s.names!;
      const perTool = `"${n.argument}":{"type":"string","description":"The ${n.argument} returned by ${n.mintTool}."}`.length;
      const handleValue = `"${n.argument}":"${n.noun}_${'x'.repeat(22)}"`.length;
      out.push(`  - \`${n.argument}\`: ≈${tokens(perTool)} tokens per tool schema × ${s.tools.length} tools, ≈${tokens(handleValue)} tokens per call that passes it, plus the \`${n.mintTool}\` tool definition (≈${tokens(260)} tokens).`);
    }
  }
  return out.length ? ['### Risks', '', ...out, ''] : [];
}

function nextSteps(result: ApplyResult): string[] {
  const steps = ['Review the diff (`git diff`), build and run your tests.'];
  if (markersLeft(result).length) steps.push('Resolve every `@mcp-migrate-todo` marker; `mcp-migrate scan` lists them.');
  if (result.heldOnV1.length) steps.push(`Do what each note of code left on SDK v1 asks (${result.heldOnV1.length === 1 ? 'the sdk-v2 note' : `${result.heldOnV1.length} sdk-v2 notes`}), then run apply again; to migrate on SDK 1.x on purpose, run it with \`--target stateless-v1\`.`);
  steps.push(...unmarkedSteps(result));
  // Named by the files this run created (mcp-handles, mcp-redis-store, mcp-server-events, …), not by the transform expected to create them.
  const created = result.changes.filter((c) => c.created).map((c) => `\`${rel(result, c.file)}\``);
  if (created.length) {
    const redis = (result.sharedStores ?? []).length > 0;
    const commit = `Commit the generated module${created.length === 1 ? '' : 's'} ${andList(created)} with the change`;
    steps.push(redis ? `${commit}; install the \`redis\` client and set \`REDIS_URL\`.` : `${commit}.`);
  }
  return steps;
}

/** The summary's line for code the SDK move left on SDK v1 until the user acts. */
function heldOnV1Summary(count: number): string {
  return `the SDK v2 move is held back for code ${count === 1 ? 'one sdk-v2 note above names: it says' : `${count} sdk-v2 notes above name: they say`} what to do before apply can move it`;
}

/** Findings left in the gate that no marker stands for. */
function unmarkedFindings(result: ApplyResult): Finding[] {
  const markers = new Set(markersLeft(result));
  return findingsOf(result).filter((f) => !markers.has(f));
}

/**
 * What to do with findings left without a marker, by why they are left (fix-status.ts, from the
 * transforms' declarations): no transform rewrites the rule yet; a transform that rewrites it was
 * not selected; or the selected transform rewrites the rule but not in this shape.
 */
function unmarkedSteps(result: ApplyResult): string[] {
  const noTransform = new Map<string, number>();
  const notSelected = new Map<string, number>();
  const otherShape = new Map<string, number>();
  const unselected = new Set<string>();
  for (const f of unmarkedFindings(result)) {
    const rewriting = transformsRewriting(f.ruleId);
    const missing = rewriting.filter((t) => !result.transforms.includes(t));
    const bucket = rewriting.length === 0 ? noTransform : missing.length === rewriting.length ? notSelected : otherShape;
    bucket.set(f.ruleId, (bucket.get(f.ruleId) ?? 0) + 1);
    if (bucket === notSelected) for (const t of missing) unselected.add(t);
  }
  // A marker whose rule only a transform that was not selected rewrites (a registry the handles transform marked
  // as serving plumbing, standing for its endpoint): that transform resolves it, not a person. Only a marker this
  // run put: one an earlier run left may be that transform's own refusal (a gateway), which running it again repeats.
  const putNow = new Set(result.markers.map((m) => `${rel(result, m.file)}\0${m.ruleId}`));
  for (const f of markersLeft(result)) {
    if (!putNow.has(`${f.file}\0${f.ruleId}`)) continue;
    const rewriting = transformsRewriting(f.ruleId);
    if (rewriting.length === 0 || rewriting.some((t) => result.transforms.includes(t))) continue;
    notSelected.set(f.ruleId, (notSelected.get(f.ruleId) ?? 0) + 1);
    for (const t of rewriting) unselected.add(t);
  }
  const count = (rules: Map<string, number>): string => {
    const n = [...rules.values()].reduce((a, b) => a + b, 0);
    return `${n} finding${n === 1 ? '' : 's'} of ${[...rules.keys()].sort().map((r) => `\`${r}\``).join(', ')}`;
  };
  const steps: string[] = [];
  if (noTransform.size) steps.push(`Change by hand what no transform rewrites yet: ${count(noTransform)} (\`mcp-migrate scan\` lists them; each rule's page says how).`);
  if (otherShape.size) steps.push(`Change by hand ${count(otherShape)}: apply rewrites these rules, but not the shape of code at these sites (\`mcp-migrate scan\` lists them).`);
  if (notSelected.size) steps.push(`Run apply again with ${[...unselected].map((t) => `\`${t}\``).join(', ')} among --transforms for ${count(notSelected)}.`);
  return steps;
}

export function renderSummary(result: ApplyResult, color: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const out: string[] = [];
  const changed = result.changes.length;
  if (!result.git.repository) out.push(c.yellow('warning: not a git repository: no uncommitted-changes check, and no diff to review the migration with.'));
  for (const failure of result.failures) out.push(c.red(`✖ ${rel(result, failure.file)}: ${failure.transform} failed: ${failure.message}`));
  for (const d of result.gate.diagnostics) {
    if (isLeftOutOfAnalysis(d)) out.push(c.red(`✖ ${d.file}: neither migrated nor judged (${d.message})`));
  }
  if (result.failures.length) out.push(c.red('✖ nothing is written while a transform fails (one run migrates every file or none): fix or --exclude the file, then run apply again'));
  for (const file of result.skippedChanged) out.push(c.red(`✖ ${rel(result, file)} changed on disk while apply ran: nothing was written; run apply again`));
  const verb = result.written ? 'changed' : result.skippedChanged.length || result.failures.length ? 'not written (nothing was)' : 'would change';
  // A run that wrote nothing because something failed gets no green tick (review 40 R40-11).
  const stopped = !result.written && (result.skippedChanged.length > 0 || result.failures.length > 0);
  out.push(`${changed ? (stopped ? c.red('✖') : c.green('✔')) : '•'} ${changed} file${changed === 1 ? '' : 's'} ${verb} by ${result.transforms.join(', ')}`);
  for (const change of result.changes) out.push(`  ${change.created ? c.green('+') : c.cyan('~')} ${rel(result, change.file)}${change.created ? ' (new)' : ` (${change.edits} edit${change.edits === 1 ? '' : 's'})`}`);
  const rewritten = result.stores.filter((s) => s.status === 'rewritten');
  for (const s of rewritten) out.push(`  ${c.green('handle')} ${s.names!.argument} (${s.store}) → ${s.tools.join(', ')}; minted by ${s.names!.mintTool}`);
  for (const note of result.notes) out.push(`  ${c.green('•')} ${note}`);
  const manual = markersLeft(result);
  const held = result.heldOnV1.length;
  out.push(`${manual.length || held ? c.yellow('!') : stopped ? '•' : c.green('✔')} ${manual.length} marker${manual.length === 1 ? '' : 's'} left for a person`);
  for (const m of manual) out.push(`  ${m.file}:${m.line} ${c.dim(m.ruleId)}`);
  const other = unmarkedFindings(result).length;
  if (other > 0) out.push(`${c.yellow('!')} ${other} finding${other === 1 ? '' : 's'} left without a marker (see the next steps)`);
  if (held > 0) out.push(`${c.yellow('!')} ${heldOnV1Summary(held)}`);
  out.push(...heldBackSummaryLines(result.heldBack, (f) => rel(result, f), c), ...typeCheckSummaryLines(result.typeCheck, (f) => rel(result, f), c));
  out.push('', 'Next steps:', ...nextSteps(result).map((s, i) => `  ${i + 1}. ${s}`));
  return `${out.join('\n')}\n`;
}

/**
 * The changes as one unified diff. With `from` (the directory the user runs `git apply` in), paths
 * are relative to it — `apply --dry-run packages/api | git apply` from the repository root needs
 * `packages/api/src/x.ts`, not `src/x.ts` — unless a file lies outside it.
 */
export function renderDiff(result: ApplyResult, color: boolean, from?: string): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const diffPath = (file: string): string => {
    const fromDir = from === undefined ? undefined : path.relative(from, file);
    return fromDir === undefined || fromDir.startsWith('..') || path.isAbsolute(fromDir) ? rel(result, file) : fromDir.split(path.sep).join('/');
  };
  let out = '';
  for (const change of result.changes) {
    const name = diffPath(change.file);
    const patch = createTwoFilesPatch(change.created ? '/dev/null' : `a/${name}`, `b/${name}`, change.before, change.after, '', '', { context: 3 });
    for (const line of patch.split('\n')) {
      if (line.startsWith('+++') || line.startsWith('---')) out += `${c.bold(line)}\n`;
      else if (line.startsWith('+')) out += `${c.green(line)}\n`;
      else if (line.startsWith('-')) out += `${c.red(line)}\n`;
      else if (line.startsWith('@@')) out += `${c.cyan(line)}\n`;
      else if (line.startsWith('=====') || line.startsWith('Index:')) continue;
      else out += `${line}\n`;
    }
  }
  return out;
}
