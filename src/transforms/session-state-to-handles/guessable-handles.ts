/**
 * A handle minted from guessable parts (a counter, the clock, `Math.random()`, the tool's arguments): advice only,
 * one marker per statement that mints it.
 */
import type { ts } from '../../typescript.js';
import { statementOf } from '../../analysis/ast.js';
import type { GuessableSource } from '../../analysis/handles.js';

const GUESSABLE_ORIGIN: Record<GuessableSource['kind'], string> = {
  counter: 'a counter',
  time: 'the clock',
  random: '`Math.random()`',
  input: "the tool's own arguments",
};

/** The guessable sources of minted handles, one group per statement (a marker each). */
export function guessableByStatement(sources: readonly GuessableSource[]): Map<ts.Node, GuessableSource[]> {
  const out = new Map<ts.Node, GuessableSource[]>();
  for (const source of sources) {
    const statement = statementOf(source.node);
    out.set(statement, [...(out.get(statement) ?? []), source]);
  }
  return out;
}

/**
 * Advice for a handle minted from guessable parts. Not rewritten: the project's code may read the id's shape
 * (a counter prefix, a timestamp it sorts by), so swapping the mint is the maintainer's change.
 */
export function guessableAdvice(sources: readonly GuessableSource[]): string {
  const { family, mint } = sources[0]!;
  const origins = [...new Set(sources.map((s) => GUESSABLE_ORIGIN[s.kind]))].join(' and ');
  return `the \`${family.argument}\` handle minted by \`${mint.tool.name}\` comes from ${origins}: a caller can guess or name another caller's handle. Mint it with \`crypto.randomUUID()\` (or \`randomBytes(16)\`) unless code reads the id's shape.`;
}
