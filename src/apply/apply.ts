/**
 * `apply`: analyse → plan → transform → (check safety) → write, then judge what is left.
 *
 * Transforms run one after another on the in-memory texts; each plans from a fresh analysis of
 * the previous one's output, so their edits never go stale. Nothing touches the disk until every
 * transform has run, and then a run writes every file or none (`write-changes.ts`): a transform
 * that fails on any file, a file changed on disk meanwhile, or a file that cannot be written
 * leaves the whole tree as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { analyze } from '../analysis/analyze.js';
import type { AnalysisResult } from '../analysis/model.js';
import { ParsedFiles } from '../analysis/parsed-files.js';
import { RULES } from '../rules/index.js';
import { TRANSFORMS, DEFAULT_TRANSFORM_OPTIONS, type TransformDefinition, type TransformOptions } from '../transforms/catalog.js';
import type { AnchoredNote, DeferredManifestEdit, PlannedMarker, SharedStore, StoreOutcome } from '../transforms/kit/plan.js';
import { dirtyFiles, insideGitCheckout, type GitState } from './git.js';
import { UsageError, discoverSources, readSources, type LoadOptions } from '../pipeline/load.js';
import { isDirectory } from '../discovery/packages.js';
import { judge } from '../pipeline/judge.js';
import { isLeftOutOfAnalysis } from '../reporters/verdict.js';
import { writeAllOrNothing } from './write-changes.js';
import { keepLineEndings } from './file-conventions.js';
import { finishCreatedFile, finishSourceFile } from './finishing.js';
import { applyEdits } from '../transforms/kit/edits.js';
import { withFileOverlay } from '../transforms/kit/file-overlay.js';
import { layOutAddedStatements } from './layout.js';
import type { RawFinding } from '../rules/engine.js';
import { parseMarkers, type ParsedMarker } from '../markers.js';
import type { GateSettings, GatedFindings } from '../gate.js';
import { DEFAULT_TEST_FILE_GLOBS } from '../config.js';
import { onOriginalLines } from './typecheck/original-lines.js';
import { guardMigration, type TypeCheckResult } from './typecheck/check.js';
import { heldInPackages, packagesBrokenByMove, packagesMoved, partialHoldBack, v1Fallback, type HeldBack } from './typecheck/hold-back.js';
import { LineProvenance } from './typecheck/provenance.js';
import { packageDirOf } from '../transforms/kit/package-json.js';
import { assertParses } from './syntax-check.js';
import { timed, timedAsync } from '../timing.js';

export interface ApplyOptions extends LoadOptions {
  transforms?: readonly string[];
  /** Compute everything, write nothing. */
  dryRun?: boolean;
  allowDirty?: boolean;
  transformOptions?: Partial<TransformOptions>;
  /** Configured severities, test files and baseline: what is left is judged as `scan` judges it. */
  gate?: GateSettings;
  /** Type-check the migrated code before writing (default true; `--no-typecheck`). */
  typecheck?: boolean;
  /** Hold back the SDK v2 move when the type check predicts it adds errors (default true; `--no-hold-back` makes the move anyway and names the predicted errors). */
  holdBack?: boolean;
}

interface FileChange {
  file: string;
  before: string;
  after: string;
  transforms: string[];
  edits: number;
  created: boolean;
  /**
   * Transforms whose only edits to this file were markers: how many of them the final text still holds (the report
   * says "marked", not "rewrote"); 0 when a later transform removed every one with the code it marked.
   */
  markedOnly: Record<string, number>;
  /**
   * Per transform, what its notes say it did in this file (`serving: src/server.ts:234 — Mcp-Session-Id dropped …`,
   * after the dash): the report says that rather than the transform's general summary (sweep 10 H9).
   */
  said?: Record<string, string[]>;
}

interface FileFailure {
  file: string;
  transform: string;
  message: string;
}

export interface ApplyResult {
  root: string;
  label: string;
  discovered: number;
  analysed: number;
  changes: FileChange[];
  failures: FileFailure[];
  markers: PlannedMarker[];
  stores: StoreOutcome[];
  telemetry: number;
  /** Stores the shared-store transform moved to Redis (no longer in-process). */
  sharedStores: SharedStore[];
  /** What transforms did beyond stores and markers (serving, imports, package.json). */
  notes: string[];
  /**
   * Notes (also in `notes`) of code the SDK move left on SDK v1 until the user acts and runs apply again (a package.json
   * that is not JSON, the tasks layer, a dependency built on v1): the migration asked for is not done, exit 1.
   */
  heldOnV1: string[];
  transforms: string[];
  /** Files that changed on disk since they were read: then nothing is written. */
  skippedChanged: string[];
  /** Findings the rules still report on the migrated code (markers included), before the gate. */
  remaining: RawFinding[];
  /** `remaining` as `scan` judges it: configured severities, suppressions, test files, baseline. */
  gate: GatedFindings;
  git: GitState;
  written: boolean;
  /** Type errors the migration introduced (the original did not have them), or why it was not checked. */
  typeCheck: TypeCheckResult;
  /** The SDK v2 move, held back because it would have added type errors (the rest migrated on SDK 1.x). */
  heldBack?: HeldBack;
}

class DirtyTreeError extends UsageError {}

function selectTransforms(names: readonly string[] | undefined): TransformDefinition[] {
  if (!names || names.length === 0) return [...TRANSFORMS];
  return names.map((name) => {
    const found = TRANSFORMS.find((t) => t.name === name);
    if (!found) throw new UsageError(`unknown transform '${name}'; known: ${TRANSFORMS.map((t) => t.name).join(', ')}`);
    return found;
  });
}

export async function runApply(options: ApplyOptions): Promise<ApplyResult> {
  const transforms = selectTransforms(options.transforms);
  const discovered = await timedAsync('discover', () => discoverSources(options));
  const missing = discovered.discovery.diagnostics.filter((d) => d.kind === 'not-found');
  if (missing.length) throw new UsageError(missing.map((d) => d.message).join('\n'));
  const sources = timed('read and prefilter', () => readSources(discovered, options));
  if (sources.discovered === 0) throw new UsageError(`no source files found in ${options.paths.join(', ') || '.'}: nothing to migrate`);
  // Markers left by an earlier run in files that no longer read as server code still need a person: judged, not "nothing to migrate".
  if (sources.files.size === 0 && sources.markerTexts.size === 0) {
    // Files left out of the analysis (nested too deep, MCP code over the size limit) are no "nothing to migrate".
    const left = sources.diagnostics.filter(isLeftOutOfAnalysis);
    if (left.length > 0) throw new UsageError(`nothing could be migrated: ${left.map((d) => `${d.file} (${d.message})`).join('; ')}`);
    throw new UsageError(`no MCP server code found in ${sources.discovered} file${sources.discovered === 1 ? '' : 's'}: nothing to migrate`);
  }
  // The folders apply was pointed at (a file's folder for a file).
  const scope = (options.paths.length ? options.paths : ['.']).map((p) => path.resolve(options.cwd, p)).map((p) => (isDirectory(p) ? p : path.dirname(p)));
  const transformOptions = { ...DEFAULT_TRANSFORM_OPTIONS, scope, testFiles: options.gate?.testFiles ?? DEFAULT_TEST_FILE_GLOBS, ...options.transformOptions };
  let migration = settleMarkers(await layOut(migrate(sources, transforms, transformOptions, options)));
  const full = migration;
  let checkedGit = refuseDirty(sources, migration.changes, options);
  let typeCheck = guardMigration(migration.changes, migration.provenance, options.typecheck !== false);

  // The SDK move would break the build: the whole migration again, on SDK 1.x, and that one is written
  // when it predicts fewer new errors (the held-back move and its predicted errors are reported).
  let heldBack: HeldBack | undefined;
  let ran: readonly TransformDefinition[] = transforms;
  const mayHoldBack = migration.failures.length === 0 && options.holdBack !== false && transforms.some((t) => t.name === 'sdk-v2');
  // In a monorepo, first only the packages the move breaks: one package's errors should not keep the others on SDK 1.x.
  const partial = mayHoldBack ? await holdBackInPackages(sources, transforms, transformOptions, options, migration, typeCheck) : undefined;
  if (partial) {
    heldBack = partial.heldBack;
    migration = partial.migration;
    typeCheck = partial.typeCheck;
    checkedGit = refuseDirty(sources, migration.changes, options);
  }
  const fallback = mayHoldBack && !partial ? v1Fallback(transforms, transformOptions, typeCheck) : undefined;
  if (fallback) {
    options.onProgress?.('holding back the SDK v2 move: migrating on SDK 1.x', 1, 1);
    const onV1 = settleMarkers(await layOut(migrate(sources, fallback.transforms, fallback.options, options)));
    const onV1Check = guardMigration(onV1.changes, onV1.provenance, true);
    if (onV1.failures.length === 0 && onV1Check.errors.length < typeCheck.errors.length) {
      heldBack = fallback.heldBack;
      ran = fallback.transforms;
      migration = onV1;
      typeCheck = onV1Check;
      checkedGit = refuseDirty(sources, migration.changes, options);
    }
  }
  // The move held back wrote nothing of its text: its predicted errors point at the user's lines (sweep 22 V3), where this
  // run writes them (sweep 23 W7).
  if (heldBack) {
    const written = new Map(migration.changes.map((c) => [c.file, c.after]));
    heldBack = { ...heldBack, predicted: onOriginalLines(heldBack.predicted, new Map(full.changes.map((c) => [c.file, { before: c.before, after: c.after, written: written.get(c.file) }]))) };
  }
  const { changes, failures, markers, stores, telemetry, sharedStores, notes, heldOnV1, current, withBom, parsed } = migration;
  // Nothing has been written since refuseDirty asked git about these very files: its answer stands. Without
  // that check (--dry-run, --allow-dirty) only `repository` is read (the report's warning): a look for `.git`
  // answers it without starting git, whose start from a process this size cost 50 ms a run (fork).
  const git = checkedGit ?? { repository: insideGitCheckout(sources.root), dirty: [] };

  // On disk, a file that had a byte-order mark keeps it (the texts above are without it).
  const onDisk = (file: string, text: string): string => (withBom.has(file) ? BOM + text : text);
  // Changed on disk since we read it (an editor, a formatter, another run): never overwrite that, and
  // write nothing else either — the edits across files belong together.
  const skippedChanged = changes.filter((c) => (c.created ? fs.existsSync(c.file) : readIfExists(c.file) !== onDisk(c.file, c.before))).map((c) => c.file);
  // A transform that failed on a file dropped its edits everywhere: writing the others' would leave a
  // half migration (one file on v2, its neighbours and package.json on v1). A dry run still shows them.
  const writing = !options.dryRun && skippedChanged.length === 0 && failures.length === 0;
  if (writing) {
    writeAllOrNothing(
      changes.map((c) => ({ file: c.file, before: c.created ? undefined : onDisk(c.file, c.before), after: onDisk(c.file, c.after) })),
      sources.relative,
    );
  }

  options.onProgress?.('checking the migrated code', current.size, current.size);
  const { engine: judged, gate } = timed('judge', () => judge({
    sources: { files: sourcesOnly(current), resolve: sources.resolve, packageModules: sources.packageModules, dependencyMajor: sources.dependencyMajor, contextFiles: asMigrated(sources.contextFiles, current), relative: sources.relative, parsed },
    rules: RULES,
    knownRuleIds: new Set(RULES.map((r) => r.meta.id)),
    // Markers in files no analysis loads (a file left with a marker that imports the SDK's vocabulary only) are
    // findings, as `scan` counts them: a second run must not exit 0 while markers are left (sweep 10 recheck N5).
    markerTexts: sources.markerTexts,
    gate: options.gate ?? {},
  }));
  // What the loader left out of the analysis (nested too deep, MCP code over the size limit, unreadable) was neither
  // migrated nor judged: said with the judge's diagnostics, and the exit code follows (review 40 R40-12, R40-5).
  const notAnalysed = sources.diagnostics.filter(isLeftOutOfAnalysis);
  if (notAnalysed.length > 0) gate.diagnostics = [...notAnalysed, ...gate.diagnostics];
  return {
    root: sources.root,
    label: sources.label,
    discovered: sources.discovered,
    analysed: sources.files.size,
    changes,
    failures,
    markers: dedupeMarkers(markers),
    stores,
    telemetry,
    sharedStores,
    notes,
    heldOnV1,
    transforms: ran.map((t) => t.name),
    skippedChanged,
    remaining: judged.findings,
    gate,
    git,
    written: writing,
    typeCheck,
    heldBack,
  };
}

type Sources = ReturnType<typeof readSources>;

/** How many times the set of held packages may grow (each round is one more migration and type check). */
const HOLD_BACK_ROUNDS = 3;

/**
 * The migration with the SDK move held back in the packages it breaks, the others moved (see `partialHoldBack`):
 * kept when its check finds no error the move caused and fewer new errors than the full migration. A held
 * package can break a moved one that imports it (or the reverse): those are held too, for a few rounds; past
 * them, or when nothing could be held, undefined and `apply` holds the move back everywhere.
 */
async function holdBackInPackages(sources: Sources, transforms: readonly TransformDefinition[], transformOptions: TransformOptions, options: ApplyOptions, full: Migration, fullCheck: TypeCheckResult): Promise<{ migration: Migration; typeCheck: TypeCheckResult; heldBack: HeldBack } | undefined> {
  let held = partialHoldBack(transformOptions, full, fullCheck);
  const moved = packagesMoved(full.changes);
  // What the move was seen to break, over the rounds: the full migration's errors, then those a round found.
  const seen = [...fullCheck.errors];
  for (let round = 0; held && round < HOLD_BACK_ROUNDS; round++) {
    options.onProgress?.(`holding back the SDK v2 move in ${held.size} of ${moved.size} packages`, round + 1, HOLD_BACK_ROUNDS);
    const migration = settleMarkers(await layOut(migrate(sources, transforms, { ...transformOptions, sdkMoveHeldIn: [...held] }, options)));
    if (migration.failures.length > 0) return undefined;
    const typeCheck = guardMigration(migration.changes, migration.provenance, true);
    const broken = packagesBrokenByMove(typeCheck);
    if (broken.size === 0) return typeCheck.errors.length < fullCheck.errors.length ? { migration, typeCheck, heldBack: heldInPackages(seen, held, !!transformOptions.modernOnly) } : undefined;
    const more = [...broken].filter((p) => !held!.has(p));
    seen.push(...typeCheck.errors.filter((e) => more.includes(packageDirOf(e.file))));
    if (more.length === 0) return undefined;
    held = new Set([...held, ...more]);
    if ([...moved].every((p) => held!.has(p))) return undefined;
  }
  return undefined;
}

/** One migration of the sources read: every transform in turn, then the file conventions restored. Nothing is written. */
interface Migration {
  changes: FileChange[];
  current: Map<string, string>;
  withBom: Set<string>;
  failures: FileFailure[];
  markers: PlannedMarker[];
  stores: StoreOutcome[];
  telemetry: number;
  notes: string[];
  /** The SDK move's notes of code left on SDK v1 until the user acts (`TransformPlan.heldOnV1`). */
  heldOnV1: string[];
  sharedStores: SharedStore[];
  provenance: LineProvenance;
  parsed: ParsedFiles;
  /** The markers each transform put (settleMarkers checks them against the final texts). */
  markersPut: {
    /** file → transform whose only edits there were markers → the markers it put (markerKey). */
    markedOnly: ReadonlyMap<string, Record<string, string[]>>;
    /** A store's marker (`markedAt`), when it stood in the text after its transform. */
    storeMarkers: ReadonlyMap<StoreOutcome, string>;
  };
  /** Notes about a comment the run wrote, given its line once the texts are final (after the layout moved lines). */
  anchoredNotes: readonly AnchoredNote[];
}

/** What `notes` say about the file at `relative` (`serving: <relative>[:lines] — <what>`): the `<what>` parts. */
function notesAbout(notes: readonly string[], relative: string): string[] {
  const out: string[] = [];
  for (const note of notes) {
    const dash = note.indexOf(' — ');
    const head = dash < 0 ? '' : note.slice(0, dash);
    const colon = head.indexOf(': ');
    if (colon < 0) continue;
    const where = head.slice(colon + 2);
    if (where === relative || (where.startsWith(`${relative}:`) && /^[\d,]+$/.test(where.slice(relative.length + 1)))) out.push(note.slice(dash + 3));
  }
  return out;
}

function migrate(sources: Sources, transforms: readonly TransformDefinition[], transformOptions: TransformOptions, options: ApplyOptions): Migration {
  const original = new Map(sources.files);
  const withBom = new Set(sources.withBom);
  const current = new Map(sources.files);
  const created = new Map<string, string>();
  const applied = new Map<string, Set<string>>();
  const editCounts = new Map<string, number>();
  const markedOnly = new Map<string, Record<string, string[]>>();
  const storeMarkers = new Map<StoreOutcome, string>();
  const failures: FileFailure[] = [];
  const markers: PlannedMarker[] = [];
  const stores: StoreOutcome[] = [];
  let telemetry = 0;
  const notes: string[] = [];
  const heldOnV1: string[] = [];
  const said = new Map<string, Record<string, string[]>>();
  const sharedStores: SharedStore[] = [];
  const anchoredNotes: AnchoredNote[] = [];
  const deferredManifests: DeferredManifestEdit[] = [];
  const provenance = new LineProvenance();

  // One analysis per state of the code: a transform that changed nothing leaves the next one the same analysis,
  // and a file it left as it was is not parsed again.
  const parsed = new ParsedFiles();
  let result: AnalysisResult | undefined;
  for (const [index, transform] of transforms.entries()) {
    options.onProgress?.(transform.name, index + 1, transforms.length, 'transforms');
    // Only some transforms read the session id's flow: it runs when one does.
    result ??= timed('analyze', () => analyze({ files: sourcesOnly(current), resolve: sources.resolve, packageModules: sources.packageModules, dependencyMajor: sources.dependencyMajor, contextFiles: asMigrated(sources.contextFiles, current), relative: sources.relative, parsed }, { deferSessionFlow: true }));
    const analysis = result;
    const plan = timed(`plan ${transform.name}`, () => withFileOverlay(current, () => transform.plan(analysis, transformOptions)));
    // Files no analysis loads (package.json): read from disk when a plan edits them.
    for (const edit of plan.edits) {
      if (current.has(edit.file)) continue;
      let text = readIfExists(edit.file);
      if (text === undefined) continue;
      if (text.startsWith(BOM)) {
        withBom.add(edit.file);
        text = text.slice(BOM.length);
      }
      original.set(edit.file, text);
      current.set(edit.file, text);
    }
    const planSources = new Map(current);
    const files = new Set(plan.edits.map((e) => e.file));
    // A transform's edits across files belong together (a helper's new parameter and its callers):
    // if one file fails, none of this transform's changes are kept, so no half migration is written.
    const outputs = new Map<string, string>();
    const failed: FileFailure[] = [];
    for (const file of files) {
      const source = current.get(file);
      if (source === undefined) continue;
      try {
        const output = isSourceFile(file) ? timed(`transformer ${transform.name}`, () => transform.transformer({ path: file, source }, { jscodeshift: (text) => assertParses(file, text) }, { plan, planSources })) : applyEdits(source, plan.edits.filter((e) => e.file === file));
        if (output !== undefined && output !== source) outputs.set(file, output);
      } catch (error) {
        // A file that did not parse before the run: its own syntax error, at its own line (review 40 R40-11: the
        // position was the one in the text earlier transforms had changed, lines the file does not have).
        const before = original.get(file);
        let message = (error as Error).message;
        if (before !== undefined && isSourceFile(file)) {
          try {
            assertParses(file, before);
          } catch (own) {
            message = `the file has a syntax error of its own, ${(own as Error).message}: fix it (scan reports it too), then run apply again`;
          }
        }
        failed.push({ file, transform: transform.name, message });
      }
    }
    // A module the transform writes whose name the project already uses for a module of its own (review 40 R40-16: its
    // `src/mcp-handles.ts` kept, and the rewritten code importing `createHandleRegistry` from it): the transform's
    // changes go, with a failure naming the file. A copy an earlier run wrote (perhaps edited) is the project's to keep.
    for (const [file, text] of plan.newFiles) {
      const existing = current.get(file) ?? readIfExists(file);
      if (existing === undefined) continue;
      if (GENERATED_MODULE_TAG.test(existing)) continue;
      const theirs = new Set(exportedNames(existing));
      const missing = exportedNames(text).filter((name) => !theirs.has(name));
      const shown = missing.length > 3 ? `${missing.slice(0, 3).map((n) => `\`${n}\``).join(', ')} and ${missing.length - 3} more` : missing.map((n) => `\`${n}\``).join(', ');
      if (missing.length > 0) failed.push({ file, transform: transform.name, message: `the project has a module of its own at this path, where this transform writes one exporting ${shown}, which the project's does not: rename the project's module (or move it), then run apply again` });
    }
    if (failed.length > 0) {
      failures.push(...failed);
      continue;
    }
    markers.push(...plan.markers);
    stores.push(...(plan.stores ?? []));
    telemetry += plan.telemetry?.length ?? 0;
    notes.push(...(plan.notes ?? []));
    heldOnV1.push(...(plan.heldOnV1 ?? []));
    anchoredNotes.push(...(plan.anchoredNotes ?? []));
    deferredManifests.push(...(plan.deferredManifests ?? []));
    sharedStores.push(...(plan.sharedStores ?? []));
    if (outputs.size > 0 || plan.newFiles.size > 0) result = undefined;
    for (const [file, output] of outputs) {
      const markersPerEdit = plan.edits.filter((e) => e.file === file).map((e) => parseMarkers(e.text).length);
      if (markersPerEdit.length > 0 && markersPerEdit.every((n) => n > 0)) {
        const put = plan.edits.filter((e) => e.file === file).flatMap((e) => parseMarkers(e.text).map(markerKey));
        markedOnly.set(file, { ...markedOnly.get(file), [transform.name]: put });
      }
      const about = [...new Set([...notesAbout(plan.notes ?? [], sources.relative(file)), ...(plan.fileNotes ?? []).filter((n) => n.file === file).map((n) => n.what)])];
      if (about.length > 0) said.set(file, { ...said.get(file), [transform.name]: about });
      provenance.record(file, transform.name, current.get(file)!, output);
      current.set(file, output);
      applied.set(file, (applied.get(file) ?? new Set()).add(transform.name));
      editCounts.set(file, (editCounts.get(file) ?? 0) + plan.edits.filter((e) => e.file === file).length);
    }
    for (const store of plan.stores ?? []) {
      const key = storeMarkerKey(store, plan.markers, current);
      if (key) storeMarkers.set(store, key);
    }
    for (const [file, text] of plan.newFiles) {
      if (fs.existsSync(file) || current.has(file)) continue; // the user's copy (perhaps edited) wins
      created.set(file, text);
      current.set(file, text);
      provenance.record(file, transform.name, '', text);
      applied.set(file, new Set([transform.name]));
    }
  }

  // Imports only the replaced code used go last, once every transform has had its say; then the
  // file gets back the header and line endings a transform may have lost, and its added lines the file's quotes.
  for (const [file, text] of current) {
    const before = original.get(file);
    if (before === undefined || before === text || created.has(file)) continue;
    const next = isSourceFile(file) ? timed('finish files', () => finishSourceFile(file, before, text, (step, from, to) => provenance.record(file, step, from, to))) : keepLineEndings(before, text);
    current.set(file, next);
  }

  // A module the run created (mcp-handles, mcp-server-events) takes the semicolon style of the code it was written for:
  // a changed file beside it, else one of its package (review 39c T5).
  for (const [file, text] of created) {
    if (!isSourceFile(file)) continue;
    const sample = styleSampleFor(file, original, created);
    if (sample === undefined) continue;
    const styled = finishCreatedFile(file, sample, text);
    if (styled !== text) current.set(file, styled);
  }

  // package.json decisions made on the code as it was then, revised for what every transform left of it.
  for (const deferred of deferredManifests) {
    const text = current.get(deferred.manifest);
    const revised = text === undefined ? undefined : deferred.revise(text, current);
    if (!revised) continue;
    current.set(deferred.manifest, revised.text);
    const at = notes.indexOf(deferred.note);
    if (at >= 0) notes.splice(at, 1, revised.note);
    else notes.push(revised.note);
  }

  const changes: FileChange[] = [];
  for (const [file, after] of current) {
    const before = original.get(file);
    if (before === after) continue;
    changes.push({ file, before: before ?? '', after, transforms: [...(applied.get(file) ?? [])], edits: editCounts.get(file) ?? 1, created: created.has(file), markedOnly: {}, ...(said.has(file) ? { said: said.get(file) } : {}) });
  }
  changes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));

  return { changes, current, withBom, failures, markers, stores, telemetry, notes, heldOnV1, sharedStores, provenance, parsed, markersPut: { markedOnly, storeMarkers }, anchoredNotes };
}

/** A marker's identity in a text: its rule and its message, as the comment holds it (one line, spaces collapsed). */
function markerKey(marker: { ruleId: string; message: string }): string {
  return `${marker.ruleId}\0${marker.message.replace(/\s+/g, ' ').trim()}`;
}

/** The marker a store's outcome names (`markedAt`), when it stands in the text right after its transform ran. */
function storeMarkerKey(store: StoreOutcome, planned: readonly PlannedMarker[], current: ReadonlyMap<string, string>): string | undefined {
  const at = store.markedAt;
  const marker = at && planned.find((m) => m.file === at.file && m.line === at.line && (at.ruleId === undefined || m.ruleId === at.ruleId));
  const text = marker && current.get(marker.file);
  if (!marker || text === undefined) return undefined;
  const key = markerKey(marker);
  return parseMarkers(text).some((m) => markerKey(m) === key) ? key : undefined;
}

/**
 * What the run claims about its markers, against the final texts: a later transform may have removed a marker with
 * the code it marked (stateless-serving removes the registry the handles transform marked). Per file, each
 * marker-only transform's count is of its markers still there; a store's `markedAt` is where its marker stands now
 * (the comment's line, as `manual` lists it), or absent with `markerRemoved` when the marker is gone.
 */
function settleMarkers(migration: Migration): Migration {
  migration.notes.push(...settleAnchoredNotes(migration.anchoredNotes, migration.current));
  const { markedOnly, storeMarkers } = migration.markersPut;
  const left = new Map<string, ParsedMarker[]>();
  const markersIn = (file: string): ParsedMarker[] => {
    let markers = left.get(file);
    if (!markers) left.set(file, (markers = parseMarkers(migration.current.get(file) ?? '')));
    return markers;
  };
  for (const change of migration.changes) {
    // Each marker of the final text is counted for one transform at most.
    const unclaimed = markersIn(change.file).map(markerKey);
    for (const [transform, keys] of Object.entries(markedOnly.get(change.file) ?? {})) {
      let count = 0;
      for (const key of keys) {
        const at = unclaimed.indexOf(key);
        if (at < 0) continue;
        unclaimed.splice(at, 1);
        count++;
      }
      change.markedOnly[transform] = count;
    }
  }
  for (const [store, key] of storeMarkers) {
    const at = store.markedAt!;
    const text = migration.current.get(at.file) ?? '';
    const lines = markersIn(at.file).filter((m) => markerKey(m) === key).map((m) => lineAt(text, m.offset));
    if (lines.length === 0) {
      delete store.markedAt;
      store.markerRemoved = true;
      continue;
    }
    // Markers of the same text (two stores given the same advice): the one nearest to where it was put.
    const line = lines.reduce((best, l) => (Math.abs(l - at.line) < Math.abs(best - at.line) ? l : best));
    store.markedAt = { ...at, line };
  }
  return migration;
}

/** The 1-based line of an offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The migration with the statements it wrote past each file's width laid out in the file's style
 * (layout.ts). Last, after the quotes: what it prints is already in the file's quote. A file the
 * migration created is the run's own and written in its templates' layout.
 */
async function layOut(migration: Migration): Promise<Migration> {
  return timedAsync('layout', () => layOutChanges(migration));
}

async function layOutChanges(migration: Migration): Promise<Migration> {
  for (const change of migration.changes) {
    if (change.created || !isSourceFile(change.file)) continue;
    const next = await layOutAddedStatements(change.file, change.before, change.after);
    if (next === change.after) continue;
    migration.provenance.recordRelayout(change.file, change.after, next);
    migration.current.set(change.file, next);
    change.after = next;
  }
  return migration;
}

/** The files a migration changes that exist already (the ones git can know about). */
function existingFiles(changes: readonly FileChange[]): string[] {
  return changes.filter((c) => !c.created).map((c) => c.file);
}

/**
 * Never change a file with uncommitted changes unless asked to (a dry run writes nothing, so it may).
 * Returns what git said about the changed files, for the result; undefined when nothing could be
 * refused (--dry-run, --allow-dirty): git is then asked once, about the migration finally kept.
 */
function refuseDirty(sources: Sources, changes: readonly FileChange[], options: ApplyOptions): GitState | undefined {
  if (options.dryRun || options.allowDirty) return undefined;
  const git = dirtyFiles(sources.root, existingFiles(changes));
  if (git.dirty.length > 0) {
    throw new DirtyTreeError(
      `refusing to change files with uncommitted changes (commit or stash them, or pass --allow-dirty):\n${git.dirty.map((f) => `  ${sources.relative(f)}`).join('\n')}`,
    );
  }
  return git;
}

const BOM = '\uFEFF';


/** The file's text exactly as on disk (a byte-order mark included). */
function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The modules outside the migrated paths that the analysis loads for resolution, as the migration has left
 * them: a transform may edit one (sdk-v2 moves its imports, a store declared there gets its marker), and a
 * later transform's offsets into it must be offsets into that text, not into the one on disk.
 */
function asMigrated(contextFiles: ReadonlyMap<string, string>, current: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  if (![...contextFiles.keys()].some((file) => current.has(file))) return contextFiles;
  return new Map([...contextFiles].map(([file, text]) => [file, current.get(file) ?? text]));
}

/** The texts the analysis loads: package.json and other data files that plans edit are not code. */
function sourcesOnly(files: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...files].filter(([file]) => isSourceFile(file)));
}

/** JSON and other data files get their edits applied directly; source files go through the transformer (and its parse check). */
function isSourceFile(file: string): boolean {
  return /\.[cm]?[jt]sx?$/.test(file);
}

/** One note per line that still holds its anchor in the final text, at that line. */
function settleAnchoredNotes(anchored: readonly AnchoredNote[], files: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const a of anchored) {
    const key = `${a.file}\0${a.anchor}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const lines = files.get(a.file)?.split('\n') ?? [];
    lines.forEach((line, index) => {
      const at = line.indexOf(a.anchor);
      // The whole comment, not the start of a longer one.
      if (at >= 0 && /^\s*(\*\/\s*)?$/.test(line.slice(at + a.anchor.length))) out.push(a.note(index + 1));
    });
  }
  return out;
}

function dedupeMarkers(markers: readonly PlannedMarker[]): PlannedMarker[] {
  const seen = new Set<string>();
  return markers.filter((m) => {
    const key = `${m.file}\0${m.line}\0${m.ruleId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The original text of a source file the run changed that a created module sits beside (its directory, else the
 * nearest one above it): the code whose style the module is written in.
 */
function styleSampleFor(file: string, original: ReadonlyMap<string, string>, created: ReadonlyMap<string, string>): string | undefined {
  const candidates = [...original].filter(([other]) => other !== file && !created.has(other) && isSourceFile(other));
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const near = candidates.find(([other]) => path.dirname(other) === dir) ?? candidates.find(([other]) => other.startsWith(dir + path.sep));
    if (near) return near[1];
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** What every module a transform writes says at its top: an earlier run's copy, the project's to keep and edit. */
const GENERATED_MODULE_TAG = /\b(?:Generated|Written) by mcp-migrate\b/;

/** The names a module's text exports by declaration (`export function f`, `export const x`, `export class C`, …). */
function exportedNames(text: string): string[] {
  return [...text.matchAll(/^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!);
}
