/** Words for markers and notes, shared by the transforms. */

/** `a`, `a and b`, `a, b and c`: items as a sentence lists them (empty: the empty string). */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}
