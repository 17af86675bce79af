/**
 * The package.json side of the serving rewrite: the v2 packages the written entries import are declared, and
 * `@modelcontextprotocol/server-legacy` goes when this run removed the last code that imported it (`--modern-only`
 * taking away the project's HTTP+SSE endpoints, which sdk-v2 had moved onto server-legacy earlier in the run).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AnalysisResult } from '../../analysis/model.js';
import { applyEdits } from '../kit/edits.js';
import { readCurrentFile } from '../kit/file-overlay.js';
import { addDependency, hasDependency, nearestPackageJson, removeDependency } from '../kit/package-json.js';
import type { TransformPlan } from '../kit/plan.js';
import { V2_PACKAGE_VERSIONS } from '../sdk-v2/manifest.js';

const importOf = (name: string): RegExp => new RegExp(`(?:from\\s*|require\\(\\s*|import\\(\\s*)['"]${name}(?:/[^'"]*)?['"]`);

/** The v2 packages an entry this transform writes imports from, beside the server package. */
const ENTRY_PACKAGES = ['@modelcontextprotocol/node', '@modelcontextprotocol/server'].map((name) => ({ name, imported: importOf(name) }));

const LEGACY_PACKAGE = '@modelcontextprotocol/server-legacy';
/**
 * Any string naming the package or one of its paths, whatever reads it (an import, `require`, a dynamic import of a
 * template literal, a test's `vi.mock('…')`): a use for the question "may the dependency go", where a false match only
 * keeps it.
 */
const LEGACY_IMPORT = /['"\x60]@modelcontextprotocol\/server-legacy(?:\/[^'"\x60]*)?['"\x60]/; // \x60: a template literal

/**
 * The packages the written entries import (`toNodeHandler` from @modelcontextprotocol/node, `createMcpHandler` from
 * @modelcontextprotocol/server), declared in the nearest package.json when it does not declare them yet. sdk-v2
 * declares what the code imported when it ran; a server whose only endpoint was HTTP+SSE imported nothing from
 * @modelcontextprotocol/node until its entry was written here.
 */
export function declareEntryPackages(plan: TransformPlan): void {
  const needed = new Map<string, Set<string>>();
  for (const edit of plan.edits) {
    for (const { name, imported } of ENTRY_PACKAGES) {
      if (!imported.test(edit.text)) continue;
      const pkg = nearestPackageJson(path.dirname(edit.file));
      if (pkg) needed.set(pkg, (needed.get(pkg) ?? new Set()).add(name));
    }
  }
  for (const [pkg, names] of needed) {
    // Both missing: one insertion holding both entries (two at one offset would not keep an order).
    const missing = [...names].filter((name) => !hasDependency(pkg, name)).sort();
    const edits = missing.map((name) => addDependency(pkg, name, V2_PACKAGE_VERSIONS[name]!));
    if (edits.length === 0 || edits.some((e) => !e)) {
      if (missing.length) plan.notes!.push(`package.json: add ${missing.map((n) => `${n} ${V2_PACKAGE_VERSIONS[n]}`).join(', ')} to your dependencies (the Streamable HTTP entry imports ${missing.length > 1 ? 'them' : 'it'})`);
      continue;
    }
    const first = edits[0]!;
    plan.edits.push(edits.length === 1 || edits[1]!.start !== first.start ? first : { ...first, text: `${first.text}${edits[1]!.text}` });
    if (edits.length > 1 && edits[1]!.start !== first.start) plan.edits.push(edits[1]!);
    plan.notes!.push(`package.json: added ${missing.map((n) => `${n} ${V2_PACKAGE_VERSIONS[n]}`).join(', ')} (the Streamable HTTP entry imports ${missing.length > 1 ? 'them' : 'it'}): run your package manager`);
  }
}

/**
 * `@modelcontextprotocol/server-legacy` out of the nearest package.json of the files whose last import of it this
 * plan removes, when no other file of that package imports it any more: the analysed files as this plan leaves them,
 * and every other source file under the package's folder (a file outside the paths given to apply still counts).
 */
export function dropUnusedLegacyPackage(result: AnalysisResult, plan: TransformPlan): void {
  const after = (sf: { fileName: string; text: string }): string | undefined => {
    const edits = plan.edits.filter((e) => e.file === sf.fileName);
    if (edits.length === 0) return sf.text;
    try {
      return applyEdits(sf.text, edits);
    } catch {
      return undefined;
    }
  };
  const candidates = new Set<string>();
  for (const sf of result.sourceFiles) {
    if (!LEGACY_IMPORT.test(sf.text)) continue;
    const text = after(sf);
    if (text === undefined || LEGACY_IMPORT.test(text)) continue;
    const pkg = nearestPackageJson(path.dirname(sf.fileName));
    if (pkg && hasDependency(pkg, LEGACY_PACKAGE)) candidates.add(pkg);
  }
  for (const pkg of candidates) {
    const root = path.dirname(pkg);
    const analysed = new Set<string>();
    let stillImported = false;
    for (const sf of result.sourceFiles) {
      if (nearestPackageJson(path.dirname(sf.fileName)) !== pkg) continue;
      analysed.add(path.resolve(sf.fileName));
      const text = after(sf);
      if (text === undefined || LEGACY_IMPORT.test(text)) stillImported = true;
    }
    const elsewhere = stillImported ? undefined : otherImporter(root, analysed);
    if (stillImported || elsewhere) {
      if (elsewhere) plan.notes!.push(`package.json: ${LEGACY_PACKAGE} kept: ${path.relative(root, elsewhere)} still imports it`);
      continue;
    }
    const edits = removeDependency(pkg, LEGACY_PACKAGE);
    if (edits.length === 0) continue;
    plan.edits.push(...edits);
    plan.notes!.push(`package.json: removed ${LEGACY_PACKAGE}: no code of this package imports it after the HTTP+SSE endpoints were removed`);
  }
}

const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'build', 'out', 'coverage', '.next']);
/** Past this many entries the walk stops and the package is treated as still importing (kept, not guessed). */
const WALK_LIMIT = 20_000;

/** A source file under `root` (nested packages included), outside `analysed`, whose code (as this run sees it) names server-legacy. */
function otherImporter(root: string, analysed: ReadonlySet<string>): string | undefined {
  let seen = 0;
  const walk = (dir: string): string | undefined => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return undefined;
    }
    for (const entry of entries) {
      if (++seen > WALK_LIMIT) return path.join(root, 'package.json');
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // Nested packages too: a workspace package may use the dependency its root declares.
        if (SKIPPED.has(entry.name)) continue;
        const found = walk(full);
        if (found) return found;
      } else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !analysed.has(full)) {
        let text: string;
        try {
          text = readCurrentFile(full);
        } catch {
          continue;
        }
        if (LEGACY_IMPORT.test(text)) return full;
      }
    }
    return undefined;
  };
  return walk(root);
}
