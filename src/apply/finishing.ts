/**
 * apply's finishing passes over a file the migration changed, in one place: the imports the rewrite left unused
 * go, the file header comment the official codemod's import removal took comes back, the added lines take the
 * file's quotes, its semicolon style and its line endings. `apply` runs them once per file after the last transform (apply.ts);
 * the jscodeshift entries (`transforms/*.mjs`) run them after their one transform, so `npx jscodeshift -t
 * transforms/<name>.mjs` leaves the file as `mcp-migrate apply --transforms <name>` does, but for apply's layout
 * of added statements wider than the file's width (layout.ts). That pass stays apply's: it lays out what the whole
 * run added against the original text, which entries run one after another (handles, then shared-store) cannot.
 */
import { keepFileHeader, keepLineEndings } from './file-conventions.js';
import { pruneImportsMadeUnused } from './prune-imports.js';
import { matchQuoteStyle } from './quote-style.js';
import { matchSemicolonStyle } from './semicolon-style.js';
import { parsingOr } from './syntax-check.js';
import type { Transformer } from '../transforms/jscodeshift.js';

/** Each step's input and output, for apply's record of which pass wrote which line. */
type StepRecord = (step: 'prune-imports' | 'file-header', before: string, after: string) => void;

/** The finishing passes over the source file `file`, from its text before the migration to the migrated text. */
export function finishSourceFile(file: string, before: string, after: string, record?: StepRecord): string {
  const pruned = pruneImportsMadeUnused(file, before, after);
  record?.('prune-imports', after, pruned);
  // A restored header shifts the lines below it: recorded, so the type check's line owners stay right.
  // Quotes and line endings change no line's place, and a requoted line stays its transform's.
  const headed = keepFileHeader(before, withoutStaleCodemodNotes(pruned));
  record?.('file-header', pruned, headed);
  // Semicolons taken out of the run's statements change no line's place either. Each of the two text passes is
  // kept only if the code still parses after it: a pass that broke it (sweep 30 AD1) leaves the file as it found it.
  const quoted = parsingOr(file, headed, matchQuoteStyle(file, before, headed));
  return keepLineEndings(before, parsingOr(file, quoted, matchSemicolonStyle(file, before, quoted)));
}

/**
 * A module the run created (mcp-handles, mcp-server-events) in the semicolon style of `sample`, the original text of the
 * code it was written for (review 39c T5); kept only if it still parses, like the passes above.
 */
export function finishCreatedFile(file: string, sample: string, text: string): string {
  return parsingOr(file, text, matchSemicolonStyle(file, sample, text));
}

/**
 * The official codemod's note about an SDK path it could not move (`/* @mcp-codemod-error Unknown SDK import path:
 * @modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js. Manual migration required. *\/`), on a line of its
 * own, once the path is nowhere else in the file: a later rewrite removed the import with the code that used it (the
 * event store, sweep 30 AD2), and nothing is left to do by hand.
 */
function withoutStaleCodemodNotes(text: string): string {
  if (!text.includes('@mcp-codemod-error Unknown SDK')) return text;
  const lines = text.split('\n');
  const kept = lines.filter((line, index) => {
    const path = /^\s*\/\* @mcp-codemod-error Unknown SDK (?:import|export|mock) path: (\S+?)\.? Manual migration required\. \*\/\s*$/.exec(line)?.[1];
    return !path || lines.some((other, i) => i !== index && other.includes(path));
  });
  return kept.length === lines.length ? text : kept.join('\n');
}


/**
 * A transform's jscodeshift face with apply's finishing passes after it, for a run of the entry on its own. Under
 * `apply` (a plan in the options) the transformer's output is returned as it is: apply finishes once, after every
 * transform.
 * @public the default export of transforms/*.mjs (imported through dist/, which knip does not map back to src/)
 */
export function withApplyFinishing(transformer: Transformer): (...args: Parameters<Transformer>) => string | undefined {
  return (file, api, options = {}) => {
    const output = transformer(file, api, options);
    if (output === undefined || options.plan) return output;
    const finished = finishSourceFile(file.path, file.source, output);
    api.jscodeshift(finished); // the passes keep the code parsing; jscodeshift leaves the file alone if not
    return finished;
  };
}
