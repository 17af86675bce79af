/**
 * JSDoc type imports of SDK 1.x in a file the move took to v2 (`@param {import("@modelcontextprotocol/sdk/server/mcp.js").McpServer} server`,
 * `@typedef {import('@modelcontextprotocol/sdk/types.js').CallToolResult} Result`): the official codemod moves the
 * file's imports, not its comments, so in plain JavaScript the types it documents stayed v1's, and the project kept
 * SDK 1.x in its package.json for them alone (sweep 33 AG3). A name SDK v2's server entry exports is taken from there,
 * as the codemod takes the file's own imports; any other (a client type, a name v2 renamed) is left as it is, and
 * keeps the v1 dependency, which the package.json note says.
 */
import { ts } from '../../typescript.js';
import { sdkEntryPackage, V2_EXPORTS } from '../../analysis/sdk-modules.js';
import { syntaxTreeOf } from '../../analysis/parsed-files.js';
import { isV1Specifier } from './bindings.js';
import { applyEdits, type TextEdit } from '../kit/edits.js';

const V2_SERVER = sdkEntryPackage(2);
const SERVER_NAMES: ReadonlySet<string> = new Set([...(V2_EXPORTS[V2_SERVER]?.values ?? []), ...(V2_EXPORTS[V2_SERVER]?.types ?? [])]);
/** `import("<specifier>").<Name>` with either quote, as JSDoc writes a type import. */
const IMPORT_TYPE = /import\(\s*(['"])(@modelcontextprotocol\/sdk\/[^'"]+)\1\s*\)\.([A-Za-z_$][\w$]*)/g;

/** `text` with each JSDoc type import of a v1 server-side name pointed at SDK v2's server entry; how many were. */
export function jsdocImportTypesToV2(fileName: string, text: string): { text: string; moved: number } {
  if (!text.includes('import(') || !text.includes('@modelcontextprotocol/sdk/')) return { text, moved: 0 };
  const edits: TextEdit[] = [];
  for (const [start, end] of commentRanges(fileName, text)) {
    const comment = text.slice(start, end);
    for (const match of comment.matchAll(IMPORT_TYPE)) {
      const [whole, quote, specifier, name] = match as unknown as [string, string, string, string];
      if (!isV1Specifier(specifier) || specifier.includes('/client') || !SERVER_NAMES.has(name)) continue;
      const at = start + match.index!;
      edits.push({ file: fileName, start: at, end: at + whole.length, text: `import(${quote}${V2_SERVER}${quote}).${name}` });
    }
  }
  return edits.length ? { text: applyEdits(text, edits), moved: edits.length } : { text, moved: 0 };
}

/** Every comment of the file, once: the leading and trailing comments of its nodes (JSDoc blocks included). */
function commentRanges(fileName: string, text: string): Array<[number, number]> {
  const sf = syntaxTreeOf(fileName, text);
  const seen = new Map<number, number>();
  const note = (ranges: readonly ts.CommentRange[] | undefined): void => {
    for (const r of ranges ?? []) seen.set(r.pos, r.end);
  };
  const visit = (node: ts.Node): void => {
    note(ts.getLeadingCommentRanges(text, node.pos));
    note(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  note(ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos));
  return [...seen];
}
