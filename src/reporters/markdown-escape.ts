/**
 * Escaping for GitHub-flavoured Markdown. Messages from the rules use
 * backticks for code on purpose, so balanced code spans are kept and
 * everything else is escaped: `Map<string, Transport>` must not turn into
 * an HTML tag, and a `|` must not split a table cell.
 */

export interface InlineOptions {
  /**
   * Inside a table row: `|` is escaped even within code spans (GFM splits
   * cells before it parses code spans) and line breaks become `<br>`.
   */
  inTable?: boolean;
}

// ASCII punctuation that can start or end Markdown syntax in running text.
// Backslash-escaping is valid for any ASCII punctuation in CommonMark.
const MARKDOWN_SPECIAL = /[\\*_[\]<>#!~&|$]/g;

function escapePlain(text: string, inTable: boolean): string {
  const escaped = text.replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
  return inTable ? escaped.replace(/\r\n|\r|\n/g, '<br>') : escaped.replace(/\r\n|\r|\n/g, ' ');
}

function keepCode(code: string, inTable: boolean): string {
  const oneLine = code.replace(/\r\n|\r|\n/g, ' ');
  return inTable ? oneLine.replace(/\|/g, '\\|') : oneLine;
}

/**
 * Text that may contain `code spans`, as inline Markdown. A backtick run
 * opens a code span only if a run of exactly the same length closes it
 * (CommonMark); an unmatched run is escaped so it shows as literal backticks.
 */
export function inlineMarkdown(text: string, { inTable = false }: InlineOptions = {}): string {
  let out = '';
  let plainStart = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '`') {
      i += 1;
      continue;
    }
    let runEnd = i;
    while (text[runEnd] === '`') runEnd += 1;
    const fence = text.slice(i, runEnd);
    const close = findClosingRun(text, runEnd, fence.length);
    out += escapePlain(text.slice(plainStart, i), inTable);
    if (close === -1) {
      out += '\\`'.repeat(fence.length);
      i = runEnd;
    } else {
      out += fence + keepCode(text.slice(runEnd, close), inTable) + fence;
      i = close + fence.length;
    }
    plainStart = i;
  }
  return out + escapePlain(text.slice(plainStart), inTable);
}

function findClosingRun(text: string, from: number, length: number): number {
  let i = from;
  while (i < text.length) {
    if (text[i] !== '`') {
      i += 1;
      continue;
    }
    let runEnd = i;
    while (text[runEnd] === '`') runEnd += 1;
    if (runEnd - i === length) return i;
    i = runEnd;
  }
  return -1;
}

/**
 * Any text (a path, an id) as one code span. The fence is one backtick
 * longer than the longest run inside, and padded when the content touches
 * a backtick, so the span always closes where intended.
 */
export function codeSpan(text: string, { inTable = false }: InlineOptions = {}): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || /^ .* $/.test(text) ? ' ' : '';
  return `${fence}${pad}${keepCode(text, inTable)}${pad}${fence}`;
}

/** Link text and target; the target is wrapped in `<>` when it has spaces or parentheses. */
export function link(text: string, href: string, options: InlineOptions = {}): string {
  const target = /[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href;
  const label = inlineMarkdown(text, options);
  return `[${label}](${options.inTable ? target.replace(/\|/g, '%7C') : target})`;
}

/** One GFM table row from cells that are already inline Markdown. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.map((cell) => (cell === '' ? ' ' : cell)).join(' | ')} |`;
}
