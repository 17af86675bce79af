/**
 * What counts as a source file and which directories are never worth
 * walking. Kept apart from the walker so the resolver and the CLI share one
 * definition.
 */

/** Extensions scanned (TypeScript and JavaScript in every module flavour). */
export const SOURCE_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SOURCE_EXTENSION_SET = new Set(SOURCE_EXTENSIONS);

/**
 * Directory names skipped wherever they appear during a walk: dependencies,
 * VCS data and build output. Build output repeats the sources (or is
 * generated), so scanning it would duplicate findings. A directory with one of
 * these names that the user passes explicitly as an input is still scanned;
 * the walker only applies this to entries it finds itself.
 */
export const SKIPPED_DIR_NAMES: ReadonlySet<string> = new Set([
  'node_modules',
  '.git',
  'dist',
  'build',
  'out',
  'coverage',
  '.next',
  '.turbo',
  '.output',
  '.svelte-kit',
  '.vercel',
]);

/** The extension including the dot (`.ts`), or '' — cheaper than path.extname in the hot loop. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  // A leading dot (".eslintrc") is a hidden file name, not an extension.
  return dot > 0 ? name.slice(dot) : '';
}

/**
 * True for a file name the scan should read. Declaration files are generated
 * (or hand-written types without runtime code) and minified bundles are build
 * output that slipped outside a build directory; neither holds server logic a
 * person would migrate.
 */
export function isSourceFileName(name: string): boolean {
  if (!SOURCE_EXTENSION_SET.has(extensionOf(name))) return false;
  if (isDeclarationFileName(name)) return false;
  if (/\.min\.[cm]?js$/.test(name)) return false;
  return true;
}

/** `.d.ts`, `.d.mts`, `.d.cts`, and TS 5's arbitrary-extension declarations (`styles.d.css.ts`). */
export function isDeclarationFileName(name: string): boolean {
  return /\.d\.([cm]?ts|[^./\\]+\.ts)$/.test(name);
}
