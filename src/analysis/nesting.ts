/**
 * How deeply code nests, measured before anything parses it: TypeScript's parser and binder (and the analysis's own
 * walks) recurse once per level, and code nested past what Node's stack holds would crash the run (review 40 R40-12).
 * Such a file is left out of the analysis and out of every transform, with a diagnostic.
 */
/**
 * How deep brackets may nest in a file the analysis parses. TypeScript's parser and binder recurse per level; on
 * Node's default stack they overflow between 700 nested blocks and 800 nested parentheses (measured on Node 20), so
 * this leaves a margin. Hand-written code stays far below it.
 */
export const MAX_NESTING = 500;

/** The deepest nesting of `{`, `(` and `[` in `text`, outside strings and comments (templates' `${…}` count). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  // Open template literals: the depth at which each one's `${` was entered.
  const templates: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 39 /* ' */ || c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== c && text.charCodeAt(i) !== 10; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 96 /* ` */ || (c === 125 /* } */ && templates.length > 0 && templates[templates.length - 1] === depth)) {
      if (c === 125) templates.pop();
      // Inside a template's text: up to its end, or to a `${` that opens an expression.
      for (i++; i < text.length; i++) {
        const t = text.charCodeAt(i);
        if (t === 92) i++;
        else if (t === 96) break;
        else if (t === 36 && text.charCodeAt(i + 1) === 123) {
          templates.push(depth);
          i++;
          break;
        }
      }
    } else if (c === 123 || c === 40 || c === 91) {
      if (++depth > max) max = depth;
    } else if (c === 125 || c === 41 || c === 93) {
      if (depth > 0) depth--;
    }
  }
  return max;
}


/** Whether `text` nests past what the analysis can follow. */
export function nestsTooDeep(text: string): boolean {
  return nestingDepth(text) > MAX_NESTING;
}
