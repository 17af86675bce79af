/**
 * The programmatic API: `import { scan, apply } from 'mcp-migrate'`.
 *
 * Each function does what its command does, with the same settings (the configuration file found as
 * the CLI finds it, or `config`; options given here win over it) and returns what the command's JSON
 * report holds (`scan -f json`, `apply --format json`), as objects. Problems the CLI reports as exit 2
 * (a bad configuration or baseline, nothing to scan, a dirty tree) are thrown as errors with the
 * CLI's message. Nothing is printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ApplyOptions, ApplyReportJson, ScanOptions, ScanReportJson, SelectionOptions } from './api-types.js';

export type * from './api-types.js';

/** The configuration and baseline that apply to a run, from the options and the configuration file. */
async function settings(options: SelectionOptions) {
  const [{ findConfig }, { RULE_METAS }, { reportRoot }, { readBaseline }] = await Promise.all([
    import('./config.js'),
    import('./rules/index.js'),
    import('./pipeline/load.js'),
    import('./baseline.js'),
  ]);
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const paths = options.paths ?? [];
  const loaded = findConfig({ root: reportRoot(paths.length ? paths : ['.'], cwd).root, cwd, file: options.config }, new Set(RULE_METAS.map((m) => m.id)));
  const { config } = loaded;
  return {
    cwd,
    paths,
    config,
    source: loaded.source,
    include: options.include ?? config.include,
    exclude: options.exclude ?? config.exclude,
    testFiles: options.testFiles ?? config.testFiles,
    includeTests: options.includeTests ?? config.includeTests ?? false,
    respectGitignore: options.gitignore ?? true,
    maxFileBytes: (options.maxFileSizeKiB ?? 1024) * 1024,
    baseline: options.baseline ? readBaseline(path.resolve(cwd, options.baseline)) : undefined,
  };
}

/** `mcp-migrate scan`: every reliance on sessions, the handshake and deprecated features. */
export async function scan(options: ScanOptions = {}): Promise<ScanReportJson> {
  const run = await settings(options);
  const [{ scan: runScan }, { withBaseline }, { render }, { RULE_METAS }, { DEFAULT_DOCS_BASE_URL }] = await Promise.all([
    import('./scan.js'),
    import('./baseline.js'),
    import('./reporters/index.js'),
    import('./rules/index.js'),
    import('./commands/scan.js'),
  ]);
  let report = await runScan({
    paths: run.paths,
    cwd: run.cwd,
    include: run.include,
    includeOrigin: options.include ? 'include' : `"include" of ${run.source}`,
    exclude: run.exclude,
    testFiles: run.testFiles,
    includeTests: run.includeTests,
    ruleSettings: run.config.rules,
    respectGitignore: run.respectGitignore,
    maxFileBytes: run.maxFileBytes,
  });
  if (run.baseline) report = withBaseline(report, run.baseline);
  // The JSON reporter's own output, so the objects are exactly what `scan -f json` prints.
  const json = render('json', report, { rules: RULE_METAS, color: false, failOn: run.config.failOn ?? 'error', docsBaseUrl: run.config.docsBaseUrl ?? DEFAULT_DOCS_BASE_URL });
  return JSON.parse(json) as ScanReportJson;
}

/** `mcp-migrate apply`: rewrite what can be rewritten safely, mark the rest, write MIGRATION.md. */
export async function apply(options: ApplyOptions = {}): Promise<ApplyReportJson> {
  const run = await settings(options);
  const [{ runApply }, { mergeMigrationReport, renderJson }, { writeFileSafely }] = await Promise.all([import('./apply/apply.js'), import('./apply/report.js'), import('./write-file.js')]);
  const result = await runApply({
    paths: run.paths,
    cwd: run.cwd,
    include: run.include,
    exclude: run.exclude,
    respectGitignore: run.respectGitignore,
    maxFileBytes: run.maxFileBytes,
    transforms: options.transforms,
    dryRun: options.dryRun,
    allowDirty: options.allowDirty,
    typecheck: options.typecheck,
    holdBack: options.holdBack,
    transformOptions: {
      ...(options.handleTtlMs === undefined ? {} : { ttlMs: options.handleTtlMs }),
      ...(options.target === undefined ? {} : { target: options.target }),
      ...(options.store === undefined ? {} : { store: options.store }),
      ...(options.modernOnly === undefined ? {} : { modernOnly: options.modernOnly }),
    },
    gate: { ruleSettings: run.config.rules, testFiles: run.testFiles, includeTests: run.includeTests, baseline: run.baseline },
  });
  // As the command does: a run that wrote changes adds its section to the migration report.
  if (result.written && result.changes.length > 0) {
    const target = path.join(result.root, 'MIGRATION.md');
    writeFileSafely(target, mergeMigrationReport(fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined, result));
  }
  return JSON.parse(renderJson(result)) as ApplyReportJson;
}
