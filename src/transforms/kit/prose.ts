/** Words for markers and notes, shared by the transforms. */
import type { ts } from '../../typescript.js';

/** `a`, `a and b`, `a, b and c`: items as a sentence lists them (empty: the empty string). */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

/**
 * A node as a marker quotes it to point at it: its code on one line, cut at about 60 characters. A marker names code
 * this way, not by line number: the line this run read moves with the markers inserted above it.
 */
export function quotedCode(node: ts.Node): string {
  const flat = node.getText().replace(/\s+/g, ' ');
  return `\`${flat.length <= 60 ? flat : `${flat.slice(0, 57)}…`}\``;
}
