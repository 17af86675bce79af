/**
 * `sdk-v2`: a v1 codebase onto SDK v2 (imports, symbols, registration API, handler context) by the
 * official `@modelcontextprotocol/codemod`, composed rather than re-implemented (official.ts), and
 * its package.json moved with it (manifest.ts). The plan is ours: minimal text edits against the
 * analysed texts, so `apply`'s dry run, check, diff, dirty check and atomic writes hold for it.
 *
 * Skipped for `--target stateless-v1` (that target stays on SDK 1.x) and for files that no longer
 * import `@modelcontextprotocol/sdk` (a project already on v2: a second run changes nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TransformContext } from '@modelcontextprotocol/codemod';
import type { AnalysisResult } from '../../analysis/model.js';
import { keepIndentation, minimalEdits } from '../kit/minimal-edits.js';
import { emptyPlan, type AnchoredNote, type TransformOptions, type TransformPlan } from '../kit/plan.js';
import { CODEMOD_PACKAGE, codemodVersion, runOfficialCodemod, type CodemodFileResult } from './official.js';
import { V1_PACKAGE, V2_PACKAGE_VERSIONS, ZOD_RANGE, declares, packageOf, readManifest, rewriteManifest, v2PackagesFor, zodRangeReachesFloor, type ManifestChange, type ManifestView } from './manifest.js';
import { SDK_V1_INSTALLS, V1_EXPERIMENTAL_TASKS } from '../../analysis/sdk-modules.js';
import { ts } from '../../typescript.js';
import { andList } from '../kit/prose.js';
import { runtimeImports } from './runtime-imports.js';
import { readCurrentFile } from '../kit/file-overlay.js';
import { parseJson, withoutBom } from '../../json-text.js';
import { nestsTooDeep } from '../../analysis/nesting.js';
import { locateJsonError } from '../../json-error.js';
import { packageDirOf } from '../kit/package-json.js';
import { sourcesOf } from '../kit/package-sources.js';
import { PackageIndex, findInstalledVersion } from '../../discovery/packages.js';
import { createModuleResolver, isInside } from '../../discovery/resolve.js';
import { dropAddedImportBreaks, keepCommentBreaks, keepImportGroupBreaks } from './import-groups.js';
import { capturedLegacyRegistrations } from '../../analysis/registration-wrappers.js';
import { legacyToolCallRewrites, legacyToolCalls, verifiedInputSchemas, registrationsThroughProjectModules, serversHandedToLoadedModules } from './legacy-tool-calls.js';
import { reexportsSdkRuntime } from './runtime-bundle.js';
import { DependencyLookup, realpathOr, successorOnV2, unreadableSpec, v1BoundDependencies } from './v1-dependencies.js';
import { relativeImports, typesOnlyFilesOfClients } from './client-side-types.js';
import { heldNeighbours } from './held-neighbours.js';
import { dynamicSdkImports, type DynamicImportProblem } from './dynamic-imports.js';
import { alignHeldAugmentations } from './held-augmentations.js';
import { tasksLayerNames } from './tasks-layer.js';
import { TASK_TOOL_MESSAGE } from './experimental-tasks.js';
import { isTaskToolRegistration } from '../../analysis/experimental-tasks.js';
import { forEachOfKind } from '../../analysis/ast.js';
import { addMarker } from '../kit/handler-sites.js';
import { applyZod4Edits, mayBreakOnZod4, zod4Breaks, type Zod4Break } from './zod-usage.js';
import { importsZodV3, zodV3ToZod } from './zod-v3-imports.js';
import { isCatalogSpecifier, resolveCatalogRange, type CatalogEntry } from './catalogs.js';
import { markLeftRequestInfoReads } from './request-info-reads.js';

import { RULE_ID } from '../../rule-ids.js';

export const SDK_V2 = 'sdk-v2';
const V2_PACKAGE_SERVER = '@modelcontextprotocol/server';

/** `@modelcontextprotocol/…` specifiers in import/export/require/import() position. */
const MCP_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"`])(@modelcontextprotocol\/[^'"`]+)\1/g;

function mcpSpecifiers(text: string): string[] {
  return [...text.matchAll(MCP_SPECIFIER)].map((m) => m[2]!);
}

function usesSdkV1(text: string): boolean {
  return mcpSpecifiers(text).some((s) => packageOf(s) === V1_PACKAGE);
}

/** A file whose v1 SDK imports are the client and what client and server share (types, shared/): a client, not a server. */
export function isClientOnly(text: string): boolean {
  const v1 = mcpSpecifiers(text).filter((s) => packageOf(s) === V1_PACKAGE);
  const client = (s: string) => s.startsWith(`${V1_PACKAGE}/client`);
  return v1.some(client) && v1.every((s) => client(s) || isSharedSpecifier(s));
}

/** A file whose v1 SDK imports are only what client and server share (types, shared/): neither side by itself. */
function isSharedOnly(text: string): boolean {
  const v1 = mcpSpecifiers(text).filter((s) => packageOf(s) === V1_PACKAGE);
  return v1.length > 0 && v1.every(isSharedSpecifier);
}

function isSharedSpecifier(specifier: string): boolean {
  return /^@modelcontextprotocol\/sdk\/(?:types(?:\.js)?|shared\/.*)$/.test(specifier);
}

export function planSdkV2(result: AnalysisResult, options: TransformOptions): TransformPlan {
  const plan: TransformPlan = { ...emptyPlan(), notes: [], heldOnV1: [] };
  // Code left on SDK v1 until the user acts and runs apply again: a note, and the run is not done (exit 1).
  const holdOnV1 = (note: string): void => {
    plan.notes!.push(note);
    plan.heldOnV1!.push(note);
  };
  if (options.target !== '2026-07-28') return plan;
  const texts = new Map(result.sourceFiles.map((sf) => [sf.fileName, sf.text]));
  // Client code stays on v1 whether or not the analysis loaded it: a client file loaded only once a migrated
  // neighbour had become a server file would otherwise be migrated by a second run.
  const analysed = [...texts].filter(([, text]) => usesSdkV1(text) && !isClientOnly(text)).map(([file, text]) => ({ file, text }));
  if (!analysed.length) return plan;

  const manifests = new ManifestCache();
  const toolCalls = legacyToolCalls(result);
  const toolCallEdits = legacyToolCallRewrites(result);
  const verifiedSchemas = verifiedInputSchemas(result);
  // Under the folders apply was given (a jscodeshift entry, without them: under the report's root). The root is the
  // working directory for several paths, so a package's tests beside `src demo` were migrated unasked (sweep 6 D18).
  const inScope = (file: string): boolean => (options.scope ? options.scope.some((dir) => isInside(file, dir)) : !result.relative(file).startsWith('..'));
  const unanalysed = unanalysedV1Files(analysed, manifests, inScope);
  // Files that register on the SDK's McpServer without importing it (typed through a project re-export); those
  // without any MCP import of their own are migrated too.
  const throughProject = registrationsThroughProjectModules(result);
  const registeringOnly = [...throughProject].map((file) => ({ file, text: texts.get(file)! })).filter((f) => !mcpSpecifiers(f.text).length);
  const loaders = serversHandedToLoadedModules(result);
  const candidates = [...[...analysed, ...registeringOnly].map((f) => ({ ...f, toolCalls: toolCalls.get(f.file), toolCallEdits: toolCallEdits.get(f.file), verifiedSchemas: verifiedSchemas.get(f.file), mcpServerThroughProject: throughProject.has(f.file), loaders: loaders.get(f.file) })), ...unanalysed.files];
  // A package whose SDK runtime comes through its own v1 bundle module stays on v1 whole (runtime-bundle.ts).
  const packageOfFile = (file: string): string => path.dirname(manifests.chain(path.dirname(file))[0] ?? file);
  const bundles = candidates.filter((f) => reexportsSdkRuntime(f.file, f.text));
  const heldPackages = new Set(bundles.map((f) => packageOfFile(f.file)));
  for (const bundle of bundles) {
    holdOnV1(`${SDK_V2}: ${result.relative(bundle.file)} takes the SDK's runtime from another module (a bundle or vendored copy, still SDK v1) and re-exports it under the SDK's types, so the files of its package are left on SDK v1: moving their types to v2 would not fit the objects they run with. Move that module to SDK v2 first, then run apply again.`);
  }
  // A package built on v1's experimental tasks layer stays on v1 whole (tasks-layer.ts).
  for (const f of candidates) {
    const names = tasksLayerNames(f.file, f.text);
    const pkg = packageOfFile(f.file);
    if (!names.length || heldPackages.has(pkg)) continue;
    heldPackages.add(pkg);
    const shown = names.map((n) => (n === '*' ? 'the whole module (export *)' : n)).join(', ');
    holdOnV1(`${SDK_V2}: ${result.relative(f.file)} uses SDK v1's experimental tasks layer (${shown}), which SDK v2 does not have (SEP-2663 moved tasks to the Extensions Track), so the files of its package are left on SDK v1: moving their types to v2 would remove names their task code is built on. Move that code off the SDK's tasks layer (or to the tasks extension) first, then run apply again.`);
  }
  // A package that wraps or captures v1's `server.tool` stays on v1 whole (analysis/registration-wrappers.ts).
  for (const [file, accesses] of capturedLegacyRegistrations(result)) {
    const pkg = packageOfFile(file);
    if (heldPackages.has(pkg) || !candidates.some((f) => f.file === file)) continue;
    heldPackages.add(pkg);
    const where = accesses.map((a) => `\`${a.text}\` at line ${a.line}`).join(', ');
    holdOnV1(`${SDK_V2}: ${result.relative(file)} takes SDK v1's shorthand registration method as a value (${where}): it overrides or captures it to wrap every registration, so the files of its package are left on SDK v1. Moved, the calls would become registerTool(…), which never pass through that wrapper, and SDK v2's McpServer has no such method to capture (the server would throw while it is built). Write the wrapper as a helper that wraps the handler given to registerTool (\`registerGated(server, name, config, handler)\`), call it instead of the override, then run apply again.`);
  }
  // A package whose package.json is not JSON stays on v1 whole: the move must change its dependencies, and its code on
  // v2 with the manifest still asking for SDK 1.x and zod 3 would not install (review 40 R40-7).
  for (const f of candidates) {
    const pkg = packageOfFile(f.file);
    const manifest = path.join(pkg, 'package.json');
    if (heldPackages.has(pkg) || !fs.existsSync(manifest)) continue;
    const problem = unparsableJson(manifest);
    if (!problem) continue;
    heldPackages.add(pkg);
    holdOnV1(`${SDK_V2}: the files of ${result.relative(pkg) || '.'} are left on SDK v1: ${result.relative(manifest)} is not valid JSON (${problem}), and the move must change its dependencies. Fix package.json, then run apply again.`);
  }
  // A package where apply's type check predicted the move would add type errors stays on v1 whole, so the others can move.
  const heldByApply = new Set(options.sdkMoveHeldIn ?? []);
  for (const f of candidates) {
    const pkg = packageOfFile(f.file);
    if (!heldByApply.has(packageDirOf(f.file)) || heldPackages.has(pkg)) continue;
    heldPackages.add(pkg);
    plan.notes!.push(`${SDK_V2}: the files of ${result.relative(pkg) || '.'} are left on SDK v1: the type check predicted that moving this package to SDK v2 would add type errors (listed under "SDK v2 move held back"), and the packages beside it moved without them. Fix what those errors point at, then run apply again.`);
  }
  // A file that takes SDK objects from a dependency built on v1 stays on v1 (v1-dependencies.ts). A dependency that is
  // a package of this run (a workspace member) moving to v2 is not built on v1: which packages move depends on which
  // files stay, so that is settled first, until no package changes side.
  const bound = new Map<string, string[]>();
  let moving = new Set<string>();
  const usesV1 = new Map<string, boolean>();
  const isOwn = (dir: string): boolean => !dir.split(path.sep).includes('node_modules') && !result.relative(dir).startsWith('..');
  const packageUsesV1 = (dir: string): boolean => {
    if (!usesV1.has(dir)) usesV1.set(dir, otherV1Users(dir, new Set()).length > 0);
    return usesV1.get(dir)!;
  };
  for (let round = 0; round < 8; round++) {
    const lookup = new DependencyLookup({ moving, isOwn, usesV1: packageUsesV1 });
    bound.clear();
    for (const f of candidates) {
      if (heldPackages.has(packageOfFile(f.file))) continue;
      const deps = v1BoundDependencies(f.file, f.text, lookup);
      if (deps.length) bound.set(f.file, deps);
    }
    const next = new Set(candidates.filter((f) => !heldPackages.has(packageOfFile(f.file)) && !bound.has(f.file)).map((f) => realpathOr(packageOfFile(f.file))));
    if ([...next].every((d) => moving.has(d)) && next.size === moving.size) break;
    moving = next;
  }
  const heldFiles = new Set<string>();
  const installed = new DependencyLookup();
  for (const f of candidates) {
    const deps = bound.get(f.file);
    if (!deps) continue;
    heldFiles.add(f.file);
    const them = deps.length === 1 ? 'it' : 'they';
    // How each was judged: its installed package.json, or (not installed) the major the project asks for, by its description.
    const why = (dep: string): string => {
      if (installed.isInstalled(dep, path.dirname(f.file))) return `its package.json depends on ${V1_PACKAGE}`;
      const spec = unreadableSpec(dep, path.dirname(f.file));
      return spec !== undefined ? `not installed, and your package.json asks for "${spec}", not a version range: which major that is cannot be told, and the versions of it this tool knows are built on SDK v1` : 'not installed: the major your package.json asks for is built on it';
    };
    const reasons = deps.length === 1 ? why(deps[0]!) : deps.map((dep) => `${dep}: ${why(dep)}`).join('; ');
    holdOnV1(`${SDK_V2}: ${result.relative(f.file)} is left on SDK v1: it imports ${deps.join(', ')}, built on SDK v1 (${reasons}), so SDK objects ${them} ${deps.length === 1 ? 'creates or accepts' : 'create or accept'} would not fit v2 types. ${whatToRaise(deps)}`);
  }
  // A module that imports no SDK itself but hands what a candidate exports to a dependency built on v1 (`await
  // mcp.connect(transport)` with `@hono/mcp`'s transport, the server imported from ./mcp.js): the candidate stays on v1 with
  // it, or the v2 server it would export no longer fits that dependency's v1 types (sweep 21 U5).
  const candidateFiles = new Map(candidates.map((f) => [f.file, f]));
  const lastLookup = new DependencyLookup({ moving, isOwn, usesV1: packageUsesV1 });
  for (const [file, text] of texts) {
    if (candidateFiles.has(file)) continue;
    const deps = v1BoundDependencies(file, text, lastLookup);
    if (!deps.length) continue;
    for (const target of relativeImports(file, text)) {
      const imported = candidateFiles.get(target);
      if (!imported || heldFiles.has(target) || heldPackages.has(packageOfFile(target))) continue;
      heldFiles.add(target);
      holdOnV1(`${SDK_V2}: ${result.relative(target)} is left on SDK v1: ${result.relative(file)} imports it and hands what it gets to ${deps.join(', ')}, built on SDK v1, so SDK objects moved to v2 here would not fit there. ${whatToRaise(deps, 'that package')}`);
    }
  }
  // A file loading the SDK with `import()` that the official codemod would point at an entry point lacking what it takes (dynamic-imports.ts).
  for (const f of candidates) {
    if (heldFiles.has(f.file) || heldPackages.has(packageOfFile(f.file))) continue;
    const { problems, optional } = dynamicSdkImports(f.file, f.text);
    if (!problems.length) continue;
    heldFiles.add(f.file);
    holdOnV1(`${SDK_V2}: ${result.relative(f.file)} is left on SDK v1: it loads the SDK with import(), which the official codemod points at one v2 package whatever is taken from it: ${problems.map((p) => p.text).join('; ')} (v2 renamed or moved such names). ${dynamicImportAdvice(problems, optional)}, then run apply again.`);
  }
  const readable = (file: string): string | undefined => {
    try {
      return readCurrentFile(file);
    } catch {
      return undefined;
    }
  };
  // A file that exchanges SDK types with a file held that way stays on v1 with it (held-neighbours.ts).
  const inMovablePackages = candidates.filter((f) => !heldPackages.has(packageOfFile(f.file)));
  const neighbours = inMovablePackages.map((f) => ({ ...f, receivesServer: 'mcpServerThroughProject' in f && Boolean(f.mcpServerThroughProject) && mcpSpecifiers(f.text).length === 0 }));
  const workspaces = createModuleResolver();
  for (const [file, via] of heldNeighbours(neighbours, heldFiles, readable, (from, specifier) => workspaces.resolve(from, specifier))) {
    heldFiles.add(file);
    const handed = neighbours.find((f) => f.file === file)?.receivesServer;
    const tie = handed ? 'it registers on an SDK server it does not import, one that file hands it' : 'an import between them carries SDK types';
    plan.notes!.push(`${SDK_V2}: ${result.relative(file)} is left on SDK v1: it exchanges SDK objects with ${result.relative(via)}, which is left on SDK v1 (${tie}), so v2 types here would not fit v1's there. It moves with that file.`);
  }
  // A types-only file used by client code alone stays on v1 with it (client-side-types.ts).
  const movable = candidates.filter((f) => !heldPackages.has(packageOfFile(f.file)) && !heldFiles.has(f.file));
  // Their importers are looked for among all the package's files that import the v1 SDK, not only the analysed ones:
  // client code the analysis did not load (gitlab-mcp's test/clients/) is what holds such a file.
  const projectV1Files = new Map([...texts, ...candidates.map((f): [string, string] => [f.file, f.text]), ...unanalysed.clients.map((f): [string, string] => [f.file, f.text])]);
  for (const file of typesOnlyFilesOfClients(movable, projectV1Files, readable, { isClientOnly, usesSdkV1, isSharedOnly })) {
    heldFiles.add(file);
    plan.notes!.push(`${SDK_V2}: ${result.relative(file)} is left on SDK v1: it imports only SDK types, and the code it shares them with is client code, which stays on SDK v1 (v2 types would not fit it). It moves with that client code.`);
  }
  const v1 = movable.filter((f) => !heldFiles.has(f.file));
  markHeldTaskTools(result, plan, (file) => heldPackages.has(packageOfFile(file)) || heldFiles.has(file), inScope);
  if (!v1.length) return plan;
  // The project's zod code moves to zod 4 first, where that lets package.json raise zod (zod-usage.ts): the
  // codemod then works on the moved text, and the edits are made against the file as it is.
  const zod = planZod4Moves(v1.map((f) => f.file), manifests, result.relative);
  const originals = new Map<string, string>();
  // `zod/v3` imports read `zod` where that is safe: SDK v2 converts only zod 4 schemas (zod-v3-imports.ts).
  const zodV3 = { moved: [] as string[], kept: [] as string[] };
  const inputs = v1.map((f) => {
    let text = zod.texts.get(f.file) ?? f.text;
    if (importsZodV3(text)) {
      const moved = zodV3ToZod(text);
      if (moved === undefined) zodV3.kept.push(result.relative(f.file));
      else {
        zodV3.moved.push(result.relative(f.file));
        text = moved;
      }
    }
    if (text === f.text) return f;
    originals.set(f.file, f.text);
    return { ...f, text };
  });
  if (zodV3.moved.length) {
    plan.notes!.push(`${SDK_V2}: ${zodV3.moved.join(', ')}: \`zod/v3\` imports now import \`zod\` (SDK v2 turns only zod 4 schemas into JSON Schema: tools built from zod 3's API fail tools/list; \`zod/v3\` is that API kept inside zod 4, and \`zod\` is the same schemas in zod 4's).`);
  }
  if (zodV3.kept.length) {
    plan.notes!.push(`${SDK_V2}: ${zodV3.kept.join(', ')} still import${zodV3.kept.length === 1 ? 's' : ''} \`zod/v3\`, and use${zodV3.kept.length === 1 ? 's' : ''} what zod 4 changed (\`.errors\`, \`z.record\` or zod-to-json-schema): SDK v2 turns only zod 4 schemas into JSON Schema, so tools built from it fail tools/list. Move ${zodV3.kept.length === 1 ? 'that file' : 'those files'} to \`zod\` (zod 4's API) by hand.`);
  }
  const outcomes = runOfficialCodemod(inputs, { projectType: projectType(v1, manifests) });
  const analysedFiles = new Map(result.sourceFiles.map((sf) => [sf.fileName, sf]));
  const after = new Map(texts);
  let changedFiles = 0;
  for (const outcome of outcomes) {
    const rel = result.relative(outcome.file);
    if (outcome.failed !== undefined) {
      holdOnV1(`${SDK_V2}: the official codemod failed on ${rel} (${outcome.failed}); the file is left on SDK v1: migrate it by hand (see https://ts.sdk.modelcontextprotocol.io/v2/migration/upgrade-to-v2).`);
      continue;
    }
    const moved = keepIndentation(outcome.prepared, keepBlankLineAfterImports(outcome.before, keepCommentBreaks(outcome.before, dropAddedImportBreaks(outcome.before, keepImportGroupBreaks(outcome.before, matchImportSemicolons(outcome.before, matchSpecifierQuotes(outcome.before, outcome.after)))))));
    const analysedText = originals.get(outcome.file) ?? outcome.before;
    // v1 `requestInfo` reads on a handler context the move left as written read undefined on v2 (request-info-reads.ts).
    const sf = analysedFiles.get(outcome.file);
    // Offsets of the analysed text: only when the move started from it (the read nodes are its).
    const requestInfo = sf?.text === analysedText ? markLeftRequestInfoReads(sf, result.analysis.values, minimalEdits(outcome.file, analysedText, moved), moved) : { text: moved, markers: [] };
    const final = requestInfo.text;
    plan.markers.push(...requestInfo.markers.map((m) => ({ file: outcome.file, ...m })));
    after.set(outcome.file, final);
    const edits = minimalEdits(outcome.file, analysedText, final);
    if (edits.length) changedFiles++;
    plan.edits.push(...edits);
    for (const [name, alias] of outcome.aliases) {
      plan.notes!.push(`${SDK_V2}: ${rel}: v2's ${name} is imported as ${alias}, since the file declares its own ${name}.`);
    }
    const restored = outcome.restoredImports.filter((r) => !r.split);
    for (const r of outcome.restoredImports.filter((r) => r.split)) {
      plan.notes!.push(`${SDK_V2}: ${rel}: ${r.local}, where it is a type, is now ${r.from}: v2 split ${r.local} in two, and the official codemod made its values here ${r.from} (it left the types naming ${r.local}, which v2 does not export).`);
    }
    for (const from of new Set(restored.map((r) => r.from))) {
      const names = restored.filter((r) => r.from === from).map((r) => r.local);
      plan.notes!.push(`${SDK_V2}: ${rel}: ${names.join(', ')} imported from ${from} (the official codemod dropped ${names.length === 1 ? 'its import' : 'their imports'} while the code still uses ${names.length === 1 ? 'it' : 'them'}).`);
    }
    for (const line of outcome.taskToolLines) plan.markers.push({ file: outcome.file, line, ruleId: RULE_ID.experimentalTasks, message: TASK_TOOL_MESSAGE });
    if (outcome.removedTasks.length) {
      plan.notes!.push(`${SDK_V2}: ${rel}: ${outcome.removedTasks.join(', ')} removed with the server's task options and \`tasks\` capability (SDK v2 has no tasks layer; SEP-2663 moved tasks to the Extensions Track).`);
    }
    const { notes, anchored } = diagnosticNotes(outcome.file, rel, outcome);
    plan.notes!.push(...notes);
    (plan.anchoredNotes ??= []).push(...anchored);
  }
  if (changedFiles) {
    plan.notes!.unshift(`${SDK_V2}: ${changedFiles} file${changedFiles === 1 ? '' : 's'} moved from ${V1_PACKAGE} 1.x to SDK v2 by the official ${CODEMOD_PACKAGE} ${codemodVersion()} (imports, symbols, registerTool/registerPrompt/registerResource, handler context).`);
  }
  // A held file's augmentation must agree with a moved file's (held-augmentations.ts).
  const moved = outcomes.filter((o) => o.failed === undefined).map((o) => ({ file: o.file, text: after.get(o.file)! }));
  for (const fix of alignHeldAugmentations(candidates.filter((f) => !v1.includes(f)), moved)) {
    plan.edits.push(...minimalEdits(fix.file, fix.before, fix.text));
    plan.notes!.push(`${SDK_V2}: ${result.relative(fix.file)} stays on SDK v1, but ${fix.names.join(', ')} now ${fix.names.length === 1 ? 'comes' : 'come'} from ${V2_PACKAGE_SERVER}: the file uses ${fix.names.length === 1 ? 'it' : 'them'} only in a module augmentation that a file moved to v2 declares too, and TypeScript wants both declarations of one property to have the same type.`);
  }
  // Files of those packages the codemod did not take (no SDK import) get their zod edits as they are.
  const codemodFiles = new Set(outcomes.map((o) => o.file));
  const edited = new Set(plan.edits.map((e) => e.file));
  for (const [file, text] of zod.texts) {
    if (codemodFiles.has(file) || edited.has(file)) continue;
    const before = readable(file);
    if (before !== undefined) plan.edits.push(...minimalEdits(file, before, text));
  }
  planManifests(plan, v1.map((f) => f.file), after, outcomes, manifests, result.relative, zod.byManifest, [...heldFiles]);
  return plan;
}

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"`\n]+)\2/g;

/**
 * The official codemod writes the specifiers it creates in double quotes; a file whose own module
 * specifiers are all single-quoted (or all double-quoted) keeps that style.
 */
export function matchSpecifierQuotes(before: string, after: string): string {
  const quotes = new Set([...before.matchAll(SPECIFIER)].map((m) => m[2]));
  if (quotes.size !== 1) return after;
  const quote = [...quotes][0]!;
  return after.replace(SPECIFIER, (_all, lead: string, _q: string, spec: string) => `${lead}${quote}${spec}${quote}`);
}

/** The line that ends an import declaration (`import … from '…'` or a multi-line one's `} from '…'`), and its semicolon. */
const IMPORT_END = /^(import\b.*|\}.*)\bfrom\s*(['"])[^'"\n]+\2(;?)[ \t]*$/gm;

/**
 * The official codemod ends the import declarations it writes with a semicolon; a file none of whose own imports
 * ends with one (makenotion/notion-mcp-server, ivo-toby/contentful-mcp) keeps its style.
 */
export function matchImportSemicolons(before: string, after: string): string {
  const ends = [...before.matchAll(IMPORT_END)].map((m) => m[3]);
  if (ends.length === 0 || ends.some((semicolon) => semicolon)) return after;
  return after.replace(IMPORT_END, (line) => line.replace(/;([ \t]*)$/, '$1'));
}

const IMPORT_LINE_END = /\bfrom\s*(['"])[^'"\n]+\1;?$|^import\s*(['"])[^'"\n]+\2;?$/;

/** The index of the line that ends the file's leading import declarations (comments and blank lines between them skipped); -1 when it has none. */
function importBlockEnd(lines: readonly string[]): number {
  let end = -1;
  let inImport = false;
  for (const [i, line] of lines.entries()) {
    const t = line.trim();
    if (inImport) {
      if (IMPORT_LINE_END.test(t)) [inImport, end] = [false, i];
      continue;
    }
    if (t === '' || t.startsWith('//') || t.startsWith('/*') || t.startsWith('*') || t.startsWith('#!')) continue;
    if (!/^import\b/.test(t)) break;
    if (IMPORT_LINE_END.test(t)) end = i;
    else inImport = true;
  }
  return end;
}

/**
 * The codemod removes an import declaration with the blank line below it: when the file's last import goes (the
 * sampling server's `RequestHandlerExtra`, notion-mcp-server's `Transport`), the code then starts on the line right
 * under the imports. The blank line the file had there is put back; and where the file had none (its code right
 * under its last import), none is added.
 */
function keepBlankLineAfterImports(before: string, after: string): string {
  const was = before.split('\n');
  const now = after.split('\n');
  const wasEnd = importBlockEnd(was);
  const nowEnd = importBlockEnd(now);
  if (wasEnd < 0 || nowEnd < 0 || wasEnd + 2 >= was.length) return after;
  const next = now[nowEnd + 1];
  if (next === undefined) return after;
  if (was[wasEnd + 1]!.trim() !== '') {
    // The reverse: code right under the imports, and the codemod's rewritten import now followed by a blank line
    // before that same code. The file's own layout is kept.
    if (next.trim() === '' && now[nowEnd + 2] !== undefined && now[nowEnd + 2]!.trim() !== '' && now[nowEnd + 2] === was[wasEnd + 1]) {
      now.splice(nowEnd + 1, 1);
      return now.join('\n');
    }
    return after;
  }
  if (next.trim() === '') return after;
  now.splice(nowEnd + 1, 0, now[nowEnd]!.endsWith('\r') ? '\r' : '');
  return now.join('\n');
}

/**
 * The codemod's comments and warnings, one note each (its info-level notes are left out). Comments
 * are anchored notes: apply reports each at the line it is on once every transform has run.
 */
function diagnosticNotes(file: string, rel: string, outcome: CodemodFileResult): { notes: string[]; anchored: AnchoredNote[] } {
  const notes: string[] = [];
  const anchored = new Map<string, AnchoredNote>();
  const commented = new Set<string>();
  for (const c of outcome.comments) {
    anchored.set(c.message, {
      file,
      anchor: `@mcp-codemod-error ${c.message}`,
      note: (line) => `${SDK_V2}: ${rel}:${line} left for a person by the official codemod (\`@mcp-codemod-error\` comment): ${c.message}`,
    });
    for (const part of c.message.split(' | ')) commented.add(part);
  }
  for (const d of outcome.diagnostics) {
    if (d.level === 'info' || commented.has(d.message)) continue;
    notes.push(`${SDK_V2}: ${rel}:${d.line} ${d.category === 'v2-gap' ? 'v2 gap' : d.level} from the official codemod: ${d.message}`);
  }
  return { notes, anchored: [...anchored.values()] };
}

// ---- package.json -------------------------------------------------------------------------

class ManifestCache {
  private readonly found = new Map<string, string | undefined>();
  private readonly texts = new Map<string, string | undefined>();

  /** The package.json files from `dir` upwards, nearest first (stopping at a repository root). */
  chain(dir: string): string[] {
    const out: string[] = [];
    for (let current = dir; ; current = path.dirname(current)) {
      const manifest = this.at(current);
      if (manifest) out.push(manifest);
      if (fs.existsSync(path.join(current, '.git')) || path.dirname(current) === current) return out;
    }
  }

  text(file: string): string | undefined {
    if (!this.texts.has(file)) {
      let text: string | undefined;
      try {
        text = readCurrentFile(file);
      } catch {
        text = undefined;
      }
      this.texts.set(file, text);
    }
    return this.texts.get(file);
  }

  private at(dir: string): string | undefined {
    if (!this.found.has(dir)) {
      const candidate = path.join(dir, 'package.json');
      this.found.set(dir, fs.existsSync(candidate) ? candidate : undefined);
    }
    return this.found.get(dir);
  }
}

/**
 * Client, server or both, as the official codemod's project analyser decides it: the v2 packages
 * the nearest package.json declares, else the v1 subpaths the code imports.
 */
function projectType(files: ReadonlyArray<{ file: string; text: string }>, manifests: ManifestCache): TransformContext['projectType'] {
  const nearest = files[0] && manifests.chain(path.dirname(files[0].file))[0];
  const view = nearest ? readManifest(manifests.text(nearest) ?? '') : undefined;
  if (view) {
    const client = declares(view, '@modelcontextprotocol/client') !== undefined;
    const server = declares(view, '@modelcontextprotocol/server') !== undefined;
    if (client || server) return client && server ? 'both' : client ? 'client' : 'server';
  }
  const specs = files.flatMap((f) => mcpSpecifiers(f.text));
  const client = specs.some((s) => s.startsWith(`${V1_PACKAGE}/client`));
  const server = specs.some((s) => s.startsWith(`${V1_PACKAGE}/server`));
  return client && server ? 'both' : client ? 'client' : server ? 'server' : 'unknown';
}

/**
 * The package.json that owns a migrated file: the nearest above it; past it, only an enclosing one that
 * declares the v1 SDK (a workspace member whose SDK is hoisted to the workspace root) and lies inside what
 * apply was pointed at, never a manifest of some project around it.
 */
function manifestOwner(manifests: ManifestCache, relative: (abs: string) => string): (file: string) => string | undefined {
  const inside = (manifest: string): boolean => !relative(path.dirname(manifest)).startsWith('..');
  return (file) => {
    const [nearest, ...above] = manifests.chain(path.dirname(file));
    if (!nearest || declares(readManifest(manifests.text(nearest) ?? '') ?? { sections: {} }, V1_PACKAGE)) return nearest;
    return above.find((m) => inside(m) && declares(readManifest(manifests.text(m) ?? '') ?? { sections: {} }, V1_PACKAGE)) ?? nearest;
  };
}

/** The zod a manifest declares, and whether it stays below SDK v2's floor (then package.json raises it). */
function zodOf(view: NonNullable<ReturnType<typeof readManifest>>, manifest: string, relative: (abs: string) => string): { section: ReturnType<typeof declares>; shown: string | undefined; short: boolean; catalog: CatalogEntry | undefined; onlyInstalled: boolean } {
  const section = declares(view, 'zod');
  const range = section ? view.sections[section]!.zod! : undefined;
  // A pnpm catalog reference is judged by the range its catalog gives; one not found is unknown, and
  // unknown is treated like a zod 3 range (checked, then raised here), never as if it reached 4.2.
  const catalog = range !== undefined && isCatalogSpecifier(range) ? resolveCatalogRange(range, 'zod', path.dirname(manifest)) : undefined;
  const shown = catalog ? `${range} (${catalogSource(catalog, relative)})` : range;
  const rangeShort = section !== undefined && (catalog ? catalog.range === undefined || !zodRangeReachesFloor(catalog.range) : !zodRangeReachesFloor(range!));
  // A range that admits 4.2 (`^4.1.13`) over an installed or locked 4.1: the install keeps 4.1, whose schemas lack the
  // JSON Schema side of Standard Schema that SDK v2 types ask for. Raising the floor makes the install update it.
  const installed = section !== undefined && !rangeShort ? findInstalledVersion('zod', path.dirname(manifest)) : undefined;
  const installedShort = installed !== undefined && /^4\./.test(installed) && !zodRangeReachesFloor(`~${installed}`);
  const short = rangeShort || installedShort;
  return { section, shown: installedShort ? `${shown} (${installed} installed)` : shown, short, catalog, onlyInstalled: installedShort };
}

/** Per package.json whose zod is raised: what zod 4 removed in its code, rewritten or not (zod-usage.ts). */
interface Zod4Move {
  breaks: Zod4Break[];
  /** Every break has a rewrite, so they are made and zod is raised. */
  moved: boolean;
}

/**
 * For each package.json that owns a migrated file and raises zod: its code's zod 4 breaks, and when every one
 * can be rewritten, the rewritten texts (`texts`, by file).
 */
function planZod4Moves(v1Files: readonly string[], manifests: ManifestCache, relative: (abs: string) => string): { byManifest: Map<string, Zod4Move>; texts: Map<string, string> } {
  const ownerOf = manifestOwner(manifests, relative);
  const moving = new Set(v1Files);
  const byManifest = new Map<string, Zod4Move>();
  const texts = new Map<string, string>();
  for (const manifest of new Set(v1Files.map(ownerOf).filter((m): m is string => m !== undefined))) {
    const view = readManifest(manifests.text(manifest) ?? '');
    if (!view || !zodOf(view, manifest, relative).short) continue;
    const breaks = zod4BreaksIn(path.dirname(manifest), (file) => moving.has(file));
    const moved = breaks.length > 0 && breaks.every((b) => b.fix);
    byManifest.set(manifest, { breaks, moved });
    if (!moved) continue;
    const byFile = new Map<string, Zod4Break[]>();
    for (const b of breaks) byFile.set(b.file, [...(byFile.get(b.file) ?? []), b]);
    for (const [file, fileBreaks] of byFile) {
      const text = readCurrentFile(file);
      texts.set(file, applyZod4Edits(text, fileBreaks.flatMap((b) => b.fix!)));
    }
  }
  return { byManifest, texts };
}

/**
 * For each package.json that owns migrated files (see `manifestOwner`): v1 out, the v2 packages its files
 * now import in, zod to the v2 floor.
 */
function planManifests(
  plan: TransformPlan,
  v1Files: readonly string[],
  after: ReadonlyMap<string, string>,
  outcomes: readonly CodemodFileResult[],
  manifests: ManifestCache,
  relative: (abs: string) => string,
  zodMoves: ReadonlyMap<string, Zod4Move>,
  /** Files of movable packages left on SDK v1 (a dependency built on v1, a neighbour of such a file, client types). */
  heldOnV1: readonly string[] = [],
): void {
  const ownerOf = manifestOwner(manifests, relative);
  const owners = new Set(v1Files.map(ownerOf).filter((m): m is string => m !== undefined));
  for (const manifest of owners) {
    const text = manifests.text(manifest);
    const view = text === undefined ? undefined : readManifest(text);
    if (text === undefined || !view) continue;
    const dir = path.dirname(manifest) + path.sep;
    const owned = [...after].filter(([file]) => file.startsWith(dir) && ownerOf(file) === manifest);
    const specifiers = owned.flatMap(([, t]) => mcpSpecifiers(t));
    // Files the analysis did not load (client code, an SDK path it does not know) count too.
    const others = otherV1Users(path.dirname(manifest), new Set(after.keys()));
    // A file left on v1 needs the v1 SDK even when it imports none of it itself: mcp-handler 1 asks for it as a peer.
    const held = heldOnV1.filter((file) => ownerOf(file) === manifest);
    const stillV1 = [...new Set([...owned.filter(([, t]) => usesSdkV1(t)).map(([file]) => relative(file)), ...others.map(relative), ...held.map(relative)])];
    const v1Section = declares(view, V1_PACKAGE);
    const section = v1Section === 'devDependencies' ? 'devDependencies' : 'dependencies';
    const change: ManifestChange = { remove: [], add: [], set: [] };
    const removed: string[] = [];
    if (v1Section && !stillV1.length) {
      change.remove.push(V1_PACKAGE);
      removed.push(V1_PACKAGE);
    }
    // A library that asks its users for the SDK (a peer dependency) asks them for the v2 packages it now imports
    // instead: removing the peer alone would leave them installing none, and the import failing at run time.
    const peer = !!view.sections.peerDependencies?.[V1_PACKAGE];
    for (const pkg of v2PackagesFor(specifiers)) {
      if (peer && !view.sections.peerDependencies?.[pkg]) change.add.push({ section: 'peerDependencies', name: pkg, range: V2_PACKAGE_VERSIONS[pkg]! });
      if (declares(view, pkg) || (peer && section !== 'devDependencies')) continue;
      change.add.push({ section, name: pkg, range: V2_PACKAGE_VERSIONS[pkg]! });
    }
    const { section: zodSection, shown: zodShown, short: zodShort, catalog, onlyInstalled } = zodOf(view, manifest, relative);
    let zodNote: string | undefined;
    const zodMove = zodShort ? zodMoves.get(manifest) : undefined;
    const zodBreaks = zodMove && !zodMove.moved ? zodMove.breaks : [];
    if (zodBreaks.length) {
      // Raising zod would break the project's own zod code: left as it is, and the sites named.
      const sites = zodBreaks.map((b) => `${relative(b.file)}:${b.line} ${b.what}`).join('; ');
      plan.notes!.push(`${SDK_V2}: ${relative(manifest)} keeps zod ${zodShown}: SDK v2 needs zod ≥ ${ZOD_RANGE.slice(1)} (its schemas are Standard Schemas with JSON Schema), but this code uses what zod 4 removed: ${sites}. Move that code to zod 4, then set zod to ${ZOD_RANGE}; until then the v2 registrations do not type-check.`);
    } else if (zodSection && zodShort) {
      change.set.push({ section: zodSection, name: 'zod', range: ZOD_RANGE });
      const here = catalog ? `; set in this package.json, not in the catalog, which other packages may share` : '';
      const moved = zodMove?.moved ? zodMove.breaks : [];
      const found = onlyInstalled
        ? 'the installed version is older, and the range alone would let the install keep it'
        : moved.length
        ? `what zod 4 removed was rewritten: ${moved.map((b) => `${relative(b.file)}:${b.line} ${b.fixed}`).join('; ')}`
        : 'no use of what zod 4 removed was found: zod-to-json-schema, ZodError.errors, one-argument z.record';
      zodNote = `zod ${zodShown} → ${ZOD_RANGE} (SDK v2 needs zod ≥ 4.2: its schemas are Standard Schemas with JSON Schema; ${found}${here})`;
    } else if (!zodSection && outcomes.some((o) => o.zodInjected && o.file.startsWith(dir))) {
      change.add.push({ section, name: 'zod', range: ZOD_RANGE });
      zodNote = `zod ${ZOD_RANGE} added (the migrated code now imports it)`;
    }
    // A package the project imports without declaring it, which it had only because SDK 1.x installed it beside
    // itself (zod, express, cors…): with the SDK removed, the install no longer puts it where the import finds it.
    const broughtBySdk = removed.length ? undeclaredSdkInstalls(manifest, owned, manifests, relative).filter((pkg) => !change.add.some((a) => a.name === pkg)) : [];
    for (const pkg of broughtBySdk) change.add.push({ section, name: pkg, range: pkg === 'zod' ? ZOD_RANGE : SDK_V1_INSTALLS[pkg]! });
    const them = broughtBySdk.length === 1 ? 'it' : 'them';
    const broughtNote = broughtBySdk.length
      ? `${andList(broughtBySdk.map((pkg) => `${pkg} ${change.add.find((a) => a.name === pkg)!.range}`))} added: the code imports ${them} without declaring ${them}, and ${V1_PACKAGE} installed ${them} beside itself (another dependency may too: the declaration makes it certain)`
      : undefined;
    // Code left on SDK v1 beside a zod raised to 4 needs an SDK 1.x whose types take zod 4 (1.23 and later; 1.20's are
    // zod 3's, and mcp-handler 1's registrations then fail to type-check against the raised zod).
    let sdkNote: string | undefined;
    const v1Range = v1Section ? view.sections[v1Section]?.[V1_PACKAGE] : undefined;
    if (held.length && v1Range && change.set.some((c) => c.name === 'zod') && !sdkRangeTakesZod4(v1Range)) {
      change.set.push({ section: v1Section!, name: V1_PACKAGE, range: SDK_V1_ZOD4_RANGE });
      sdkNote = `${V1_PACKAGE} ${v1Range} → ${SDK_V1_ZOD4_RANGE} (kept for the code left on SDK v1, which must take zod 4 with the rest: SDK 1.x takes it from 1.23)`;
    }
    if (stillV1.length) {
      const keeps = `${SDK_V2}: ${relative(manifest)} keeps ${V1_PACKAGE}: ${stillV1.join(', ')} still refer${stillV1.length === 1 ? 's' : ''} to it (code this transform does not migrate, such as a client; a JSDoc type import; an SDK path the official codemod left with an @mcp-codemod-error comment; or a file left on SDK v1, with a dependency built on it).`;
      plan.notes!.push(keeps);
      // Kept only for migrated files of its own: a later transform may take their last SDK 1.x import away (the event
      // store's, when it drops the store), and then the package goes after all.
      if (v1Section && others.length === 0 && held.length === 0) {
        const ownedV1 = owned.filter(([, t]) => usesSdkV1(t)).map(([file]) => file);
        (plan.deferredManifests ??= []).push({
          manifest,
          note: keeps,
          revise: (manifestText, files) => {
            if (ownedV1.some((file) => usesSdkV1(files.get(file) ?? ''))) return undefined;
            const finalOwned = owned.map(([file, t]) => [file, files.get(file) ?? t] as const);
            // Against the manifest as the run left it: zod the codemod's import needed is declared already (review 39c T2).
            const current = readManifest(manifestText) ?? view;
            const brought = undeclaredSdkInstalls(manifest, finalOwned, manifests, relative).filter((pkg) => !declares(current, pkg));
            const revised = rewriteManifest(manifestText, { remove: [V1_PACKAGE], add: brought.map((pkg) => ({ section, name: pkg, range: pkg === 'zod' ? ZOD_RANGE : SDK_V1_INSTALLS[pkg]! })), set: [] });
            if (revised === manifestText) return undefined;
            const also = brought.length ? `; ${andList(brought)} added (the code imports ${brought.length === 1 ? 'it' : 'them'} without declaring ${brought.length === 1 ? 'it' : 'them'}, and had ${brought.length === 1 ? 'it' : 'them'} from ${V1_PACKAGE})` : '';
            return { text: revised, note: `${SDK_V2}: ${relative(manifest)}: removed ${V1_PACKAGE}: ${ownedV1.map(relative).join(', ')} no longer refer${ownedV1.length === 1 ? 's' : ''} to it once the later transforms ran${also}.` };
          },
        });
      }
    }
    const updated = rewriteManifest(text, change);
    if (updated === text) continue;
    plan.edits.push(...minimalEdits(manifest, text, updated));
    const parts = [
      ...removed.map((p) => `removed ${p}`),
      ...addedBySection(change.add.filter((a) => a.name !== 'zod' && !broughtBySdk.includes(a.name))),
      ...(zodNote ? [zodNote] : []),
      ...(broughtNote ? [broughtNote] : []),
      ...(sdkNote ? [sdkNote] : []),
    ];
    plan.notes!.push(`${SDK_V2}: ${relative(manifest)}: ${parts.join('; ')}. Run \`${installCommand(path.dirname(manifest))}\` to update node_modules and the lockfile.`);
  }
}

/**
 * The packages SDK 1.x installed beside itself that the package's code imports at run time (type-only imports are
 * erased) and that neither its package.json nor one above it within the migrated tree (a workspace root) declares, sorted. Every source file
 * the manifest owns counts, the migrated ones as migrated (`owned`) and the others from disk.
 */
function undeclaredSdkInstalls(manifest: string, owned: ReadonlyArray<readonly [string, string]>, manifests: ManifestCache, relative: (abs: string) => string): string[] {
  const names = Object.keys(SDK_V1_INSTALLS);
  const mentions = (text: string): boolean => names.some((name) => text.includes(`'${name}`) || text.includes(`"${name}`) || text.includes(`\`${name}`));
  const files: Array<[string, string]> = owned.filter(([, text]) => mentions(text)).map(([file, text]) => [file, text]);
  for (const file of sourcesOf(path.dirname(manifest), new Set(owned.map(([file]) => file)), mentions)) files.push([file, readCurrentFile(file)]);
  // A workspace root above the package declares for it too, if apply was pointed at it (not a project around it).
  const inside = (m: string): boolean => m === manifest || !relative(path.dirname(m)).startsWith('..');
  const views = manifests.chain(path.dirname(manifest)).filter(inside).map((m) => readManifest(manifests.text(m) ?? '')).filter((v): v is ManifestView => v !== undefined);
  const out = new Set<string>();
  for (const [file, text] of files) {
    for (const specifier of runtimeImports(file, text)) {
      const pkg = packageOf(specifier);
      if (Object.hasOwn(SDK_V1_INSTALLS, pkg) && !views.some((v) => declares(v, pkg))) out.add(pkg);
    }
  }
  return [...out].sort();
}

/** The first SDK 1.x whose types take zod 4 (`zod: ^3.25 || ^4.0`): code kept on v1 beside a zod raised to 4 needs it. */
const SDK_V1_ZOD4_RANGE = '^1.23.0';

/** Whether every version a range of the v1 SDK admits is 1.23 or later (`^1.23.0`, `^1.29`, `>=1.24`); unknown forms are trusted. */
function sdkRangeTakesZod4(range: string): boolean {
  return range.split('||').every((alternative) => {
    const m = /^\s*(?:\^|~|>=|=)?\s*v?(\d+)(?:\.(\d+|x|\*))?/.exec(alternative);
    if (!m) return true;
    const major = Number(m[1]);
    if (major !== 1) return major > 1;
    return m[2] !== undefined && /^\d+$/.test(m[2]) && Number(m[2]) >= 23;
  });
}

/** `added <pkg> <range>`, naming the sections when the package went to peerDependencies (as well). */
function addedBySection(adds: ManifestChange['add']): string[] {
  const byName = new Map<string, { range: string; sections: string[] }>();
  for (const a of adds) {
    const entry = byName.get(a.name) ?? { range: a.range, sections: [] };
    entry.sections.push(a.section);
    byName.set(a.name, entry);
  }
  return [...byName].map(([name, { range, sections }]) => `added ${name} ${range}${sections.includes('peerDependencies') ? ` (${sections.join(' and ')})` : ''}`);
}

/**
 * Files of the packages being migrated that import the v1 SDK but that the analysis did not load:
 * a module that only imports types (`import type { CallToolResult } from '…/sdk/types.js'`) is not
 * an MCP server file, nor always a helper of one. Left on v1, such a file would keep v1's types
 * beside v2's runtime, and a second run would migrate it once a migrated neighbour had become a
 * server file (a first run that does not finish the job). Only files under what apply was pointed
 * at, and not client code (this transform does not move clients; package.json then keeps v1).
 */
function unanalysedV1Files(analysed: ReadonlyArray<{ file: string }>, manifests: ManifestCache, inScope: (abs: string) => boolean): { files: Array<{ file: string; text: string }>; clients: Array<{ file: string; text: string }> } {
  const known = new Set(analysed.map((f) => f.file));
  const packageDirs = new Set(analysed.map((f) => manifests.chain(path.dirname(f.file))[0]).filter((m): m is string => m !== undefined).map((m) => path.dirname(m)));
  // The workspace packages they depend on, under what apply was pointed at: a library of tools or types the server
  // package builds on (eyelock/mcp-toolkit's `@mcp-toolkit/toolkit`, which imports SDK v1 types only and so holds no
  // MCP server code) moves with it, or the server would serve the objects it builds with v1's types (sweep 11).
  const workspaces = new PackageIndex();
  for (const dir of [...packageDirs]) for (const dependency of workspaceDependencies(dir, workspaces)) if (inScope(dependency)) packageDirs.add(dependency);
  const out: Array<{ file: string; text: string }> = [];
  // The client code among them (wherever in the package): the side a types-only module it imports belongs to.
  const clients: Array<{ file: string; text: string }> = [];
  for (const dir of packageDirs) {
    for (const file of otherV1Users(dir, known)) {
      if (known.has(file)) continue;
      let text: string;
      try {
        text = readCurrentFile(file);
      } catch {
        continue;
      }
      // Code nested past what the analysis follows was left out of the run (load.ts): no transform touches it.
      if (!usesSdkV1(text) || nestsTooDeep(text)) continue;
      known.add(file);
      if (mcpSpecifiers(text).some((s) => s.startsWith(`${V1_PACKAGE}/client`))) clients.push({ file, text });
      else if (inScope(file)) out.push({ file, text });
    }
  }
  return { files: out, clients };
}

/** The directories of the workspace packages the package at `dir` declares as dependencies (of any kind). */
function workspaceDependencies(dir: string, workspaces: PackageIndex): string[] {
  let text: string;
  try {
    text = readCurrentFile(path.join(dir, 'package.json'));
  } catch {
    return [];
  }
  const names = new Set(Object.values(readManifest(text)?.sections ?? {}).flatMap((section) => Object.keys(section ?? {})));
  const out: string[] = [];
  for (const name of names) {
    const found = workspaces.declaredWorkspacePackageDir(dir, name);
    if (found && found !== dir) out.push(found);
  }
  return out;
}



/**
 * Source files under `dir` (not in `known`) that still import the v1 SDK, so package.json keeps it: the package's own
 * declaration files too (`src/types.d.ts` typing every handler's `extra` with v1's `RequestHandlerExtra`: mplabs/anylist-mcp,
 * sweep 27 AA8), which the move then migrates with the rest instead of leaving them importing a package it removes.
 * Past the budget the walk stops and counts as "still used": keeping v1 is the safe side.
 */
/**
 * The files under `dir`, not among `known`, that import SDK 1.x: also in a workspace member whose own package.json does
 * not declare the SDK, which takes it from this one (the one `manifestOwner` gives its files to: review 39c T1, a client
 * member left without the SDK the root's move removed).
 */
function otherV1Users(dir: string, known: ReadonlySet<string>): string[] {
  const takesSdkFromAbove = (member: string): boolean => {
    let text: string | undefined;
    try {
      text = readCurrentFile(path.join(member, 'package.json'));
    } catch {
      return false;
    }
    const view = readManifest(text);
    return !!view && !declares(view, V1_PACKAGE);
  };
  return sourcesOf(dir, known, (text) => text.includes(V1_PACKAGE) && usesSdkV1(text), new Set(), { declarations: true, intoPackage: takesSdkFromAbove });
}


/** Where the package's own code uses what zod 4 removed (zod-usage.ts). */
function zod4BreaksIn(dir: string, movesToV2: (file: string) => boolean): Zod4Break[] {
  const files = sourcesOf(dir, new Set(), mayBreakOnZod4);
  const read = (file: string): string | undefined => {
    try {
      return readCurrentFile(file);
    } catch {
      return undefined;
    }
  };
  return zod4Breaks(files, read, movesToV2);
}

/** Where a catalog reference's range came from, or why it is unknown. */
function catalogSource(entry: CatalogEntry, relative: (abs: string) => string): string {
  const name = entry.catalog === 'default' ? 'the default catalog' : `catalog ${entry.catalog}`;
  if (entry.range !== undefined) return `${entry.range} from ${name} in ${relative(entry.workspaceFile!)}`;
  const where = entry.workspaceFile ? `${relative(entry.workspaceFile)} has no zod in ${name}` : 'no pnpm-workspace.yaml found';
  return `${where}, so the zod version is unknown and not taken to reach 4.2`;
}

/** The install command of the package manager whose lockfile sits beside (or above) the manifest. */
function installCommand(dir: string): string {
  const locks: Array<[string, string]> = [
    ['pnpm-lock.yaml', 'pnpm install'],
    ['pnpm-workspace.yaml', 'pnpm install'],
    ['yarn.lock', 'yarn install'],
    ['bun.lockb', 'bun install'],
    ['bun.lock', 'bun install'],
    ['package-lock.json', 'npm install'],
  ];
  for (let current = dir; ; current = path.dirname(current)) {
    for (const [lock, command] of locks) if (fs.existsSync(path.join(current, lock))) return command;
    if (fs.existsSync(path.join(current, '.git')) || path.dirname(current) === current) break;
  }
  return 'npm install';
}

/** The marker of a task tool left on SDK 1.x with its file or package (the move goes on around it). */
const [, , REGISTER_TOOL_TASK] = V1_EXPERIMENTAL_TASKS.toolRegistration;
const HELD_TASK_TOOL_MESSAGE =
  "a task tool on SDK 1.x's experimental tasks layer, which 2026-07-28 removed from the core protocol (SEP-2663: tasks are the io.modelcontextprotocol/tasks extension) and SDK v2 does not have. Its code stays on SDK 1.x for now (see the sdk-v2 note on why), so the tool keeps working for clients that use tasks; before it moves, rewrite it as a registerTool whose handler does the work (progress through ctx.mcpReq.notify, questions to the user through inputRequired), or serve it through the Tasks extension.";

/**
 * Task tool registrations in analysed files the move leaves on SDK 1.x (`held`): each gets a marker, so that what the
 * scan reports there is left for a person in the report too (a file that moves has its registration commented out
 * under a marker instead: experimental-tasks.ts).
 */
function markHeldTaskTools(result: AnalysisResult, plan: TransformPlan, held: (file: string) => boolean, inScope: (file: string) => boolean): void {
  const { values } = result.analysis;
  for (const sf of result.sourceFiles) {
    if (!sf.text.includes(REGISTER_TOOL_TASK) || !held(sf.fileName) || !inScope(sf.fileName)) continue;
    forEachOfKind(sf, [ts.SyntaxKind.PropertyAccessExpression], (node) => {
      if (isTaskToolRegistration(values, node as ts.PropertyAccessExpression)) addMarker(plan, node, RULE_ID.experimentalTasks, HELD_TASK_TOOL_MESSAGE);
    });
  }
}

/**
 * What to do about the packages built on SDK v1 that keep a file there: raise them to a release built on SDK v2, or,
 * for a package the framework descriptions know, what takes its place on v2 (`onSdkV2`: the SDK's own API where no
 * release is built on v2).
 */
function whatToRaise(deps: readonly string[], one = 'it'): string {
  const known = deps.flatMap((dep) => {
    const successor = successorOnV2(dep);
    return successor ? [`${dep}: ${successor}`] : [];
  });
  const unknown = deps.filter((dep) => !successorOnV2(dep));
  const raise = unknown.length === 0 ? '' : `Raise ${deps.length === 1 ? one : unknown.length === 1 ? unknown[0] : andList(unknown)} to a release built on SDK v2 where there is one, then run apply again.`;
  if (known.length === 0) return raise;
  const told = deps.length === 1 ? successorOnV2(deps[0]!)! : known.join(' ');
  return raise ? `${told} ${raise}` : told;
}

/** Why `file` is not JSON (where it stops being JSON), or undefined when it parses. */
function unparsableJson(file: string): string | undefined {
  let text: string;
  try {
    text = readCurrentFile(file);
  } catch {
    return undefined;
  }
  try {
    parseJson(text);
    return undefined;
  } catch (error) {
    const where = locateJsonError(withoutBom(text));
    return where ? `line ${where.line}, column ${where.column}: ${where.message}` : (error as Error).message;
  }
}

/**
 * What a file held for its `import()` of the SDK is told to do: a module kept whole is to be taken apart by name (in a
 * `try`, by destructuring, which keeps the SDK optional; else by static imports); a name v2 moved or renamed is to be
 * loaded from its v2 home by hand, whatever the form (review 43 S43-8).
 */
function dynamicImportAdvice(problems: readonly DynamicImportProblem[], optional: boolean): string {
  const whole = problems.some((p) => p.kind === 'whole');
  const moved = problems.some((p) => p.kind === 'missing');
  const byName = optional
    ? 'The SDK is loaded in a `try`, so that the file runs without it: keep it so, and take what is used from the import() by name (`const { McpServer } = await import(…)`, or `({ McpServer } = await import(…))` into the variables declared outside), which apply checks and moves; a static import would make the SDK required'
    : 'Load the SDK with static imports (or require in CommonJS)';
  const home = 'load each name v2 moved or renamed from its v2 home by hand (the Node transport is NodeStreamableHTTPServerTransport in @modelcontextprotocol/node; request schemas are gone: register by method string)';
  if (whole && moved) return `${byName}; and ${home}`;
  return moved ? home.charAt(0).toUpperCase() + home.slice(1) : byName;
}
