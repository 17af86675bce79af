/**
 * The names of the output formats, apart from the reporters themselves: option parsing and help
 * need the names, and loading the reporters (and the rule and transform tables behind them) for
 * `--help` would load the whole analysis.
 */
import type { FormatName } from './types.js';

const NAMES = ['text', 'json', 'markdown', 'sarif', 'github', 'gitlab'] as const satisfies readonly FormatName[];

export const FORMATS: readonly FormatName[] = Object.freeze(NAMES);

/** Fails to compile while a format of FormatName is missing from FORMATS. */
const EVERY_FORMAT_LISTED: [Exclude<FormatName, (typeof NAMES)[number]>] extends [never] ? true : never = true;
void EVERY_FORMAT_LISTED; // read, so the check is not an unused local
