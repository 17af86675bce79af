/**
 * `scan --cache`: the judgement of the last scan of the same inputs, kept on disk (off by default,
 * as ESLint's and knip's `--cache`).
 *
 * The analysis is over the whole program (a helper two imports away decides what a handler's read
 * is), so there is no per-file answer to keep: what is kept is the judgement of one scan (the gate's
 * findings and the engine's diagnostics), and it is used only when everything that judgement was
 * computed from is the same:
 * - this build (its version and the size and modification time of every compiled module of it) and
 *   the settings the judgement depends on (rules run, their severities, test globs, the report root);
 * - the text of every file the analysis loaded, in the same order, the context modules, the modules
 *   standing for a package, and the files with markers (their content hashes);
 * - the answer of the module resolver to every question the analysis asked it on the run that was
 *   kept (from file, specifier → file): asked again of today's resolver, which reads today's
 *   tsconfig and package.json files; and likewise every question about a dependency's major (from
 *   file, package → major: which mcp-handler a call without its config argument is), asked again of
 *   today's node_modules and package.json files. Nothing else the analysis reads comes from outside
 *   its inputs, so the same inputs and the same answers make the same judgement.
 * Discovery, reading and the prefilter run every time (they decide the inputs); only `judge` is saved.
 * A missing, unreadable, stale or foreign cache file is a cache miss, never an error.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ResolveFn } from '../discovery/resolve.js';
import type { DependencyMajorFn } from '../discovery/packages.js';
import type { FileDiagnostic } from '../model.js';
import type { GatedFindings } from '../gate.js';
import { VERSION } from '../version.js';

const FORMAT = 2;

/** The part of a judgement `scan` reads: the gate's output and the engine's diagnostics and count. */
export interface CachedJudgement {
  gate: GatedFindings;
  engineDiagnostics: FileDiagnostic[];
  filesAnalyzed: number;
}

export interface ScanCacheInputs {
  files: ReadonlyMap<string, string>;
  contextFiles?: ReadonlyMap<string, string>;
  packageModules?: ReadonlyMap<string, string>;
  markerTexts?: ReadonlyMap<string, string>;
  /** Everything else the judgement depends on (rule ids and settings, test globs, root), JSON-serialisable. */
  settings: unknown;
}

/** The questions the analysis asked, with their answers, and the functions that note them. */
interface Recording {
  resolve: ResolveFn;
  dependencyMajor: DependencyMajorFn;
  resolutions: Map<string, [string, string, string | null]>;
  majors: Map<string, [string, string, number | null]>;
}

interface Entry {
  format: number;
  key: string;
  inputs: string;
  /** [from, specifier, answer or null] for every question the analysis asked the resolver. */
  resolutions: Array<[string, string, string | null]>;
  /** [from, package, major or null] for every question the analysis asked about a dependency's major. */
  majors: Array<[string, string, number | null]>;
  judgement: CachedJudgement;
}

export class ScanCache {
  private readonly key: string;
  private readonly inputs: string;
  readonly file: string;

  constructor(directory: string, inputs: ScanCacheInputs) {
    this.key = sha256(JSON.stringify({ format: FORMAT, version: VERSION, build: buildFingerprint(), node: process.version, settings: inputs.settings }));
    this.inputs = inputsDigest(inputs);
    // One file per build and settings (another root or rule setting does not evict this one).
    this.file = path.join(directory, `scan-${this.key.slice(0, 16)}.json`);
  }

  /** The kept judgement, when it was made from these inputs and `resolve` still answers every question the same. */
  lookup(resolve: ResolveFn, dependencyMajor: DependencyMajorFn): CachedJudgement | undefined {
    let entry: Entry;
    try {
      entry = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Entry;
    } catch {
      return undefined;
    }
    if (entry?.format !== FORMAT || entry.key !== this.key || entry.inputs !== this.inputs || !Array.isArray(entry.resolutions) || !Array.isArray(entry.majors)) return undefined;
    for (const [from, specifier, answer] of entry.resolutions) {
      if ((resolve(from, specifier) ?? null) !== answer) return undefined;
    }
    for (const [from, pkg, major] of entry.majors) {
      if ((dependencyMajor(from, pkg) ?? null) !== major) return undefined;
    }
    return entry.judgement;
  }

  /** `resolve` and `dependencyMajor`, noting each question and answer for `save`. */
  recording(resolve: ResolveFn, dependencyMajor: DependencyMajorFn): Recording {
    const resolutions = new Map<string, [string, string, string | null]>();
    const majors = new Map<string, [string, string, number | null]>();
    return {
      resolutions,
      majors,
      resolve: (from, specifier) => {
        const answer = resolve(from, specifier);
        const id = `${from}\0${specifier}`;
        if (!resolutions.has(id)) resolutions.set(id, [from, specifier, answer ?? null]);
        return answer;
      },
      dependencyMajor: (from, pkg) => {
        const answer = dependencyMajor(from, pkg);
        const id = `${from}\0${pkg}`;
        if (!majors.has(id)) majors.set(id, [from, pkg, answer ?? null]);
        return answer;
      },
    };
  }

  /** Writes the entry (atomically); a failure leaves the previous file or none. */
  save(judgement: CachedJudgement, resolutions: Recording['resolutions'], majors: Recording['majors']): void {
    const entry: Entry = { format: FORMAT, key: this.key, inputs: this.inputs, resolutions: [...resolutions.values()], majors: [...majors.values()], judgement };
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(tmp, JSON.stringify(entry));
      fs.renameSync(tmp, this.file);
    } catch {
      try {
        fs.rmSync(tmp, { force: true });
      } catch {
        /* nothing to clean */
      }
    }
  }
}

/** The default cache directory, as knip's: `node_modules/.cache/mcp-migrate` under the working directory. */
export function defaultCacheDirectory(cwd: string): string {
  return path.join(cwd, 'node_modules', '.cache', 'mcp-migrate');
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

function inputsDigest({ files, contextFiles, packageModules, markerTexts }: ScanCacheInputs): string {
  const hash = crypto.createHash('sha256');
  const add = (label: string, entries: Iterable<[string, string]>): void => {
    hash.update(`\0${label}\0`);
    for (const [name, value] of entries) hash.update(`${name}\0${sha256(value)}\0`);
  };
  add('files', files);
  add('context', contextFiles ?? []);
  add('packages', packageModules ?? []);
  add('markers', markerTexts ?? []);
  return hash.digest('hex');
}

let fingerprint: string | undefined;

/** This build: the compiled modules' names, sizes and modification times (a rebuild or an upgrade is another build). */
function buildFingerprint(): string {
  if (fingerprint) return fingerprint;
  const dist = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const hash = crypto.createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.[cm]?[jt]s$/.test(entry.name)) {
        const stat = fs.statSync(file);
        hash.update(`${path.relative(dist, file)}\0${stat.size}\0${stat.mtimeMs}\0`);
      }
    }
  };
  walk(dist);
  return (fingerprint = hash.digest('hex'));
}
