/**
 * JSON files as editors save them: a UTF-8 byte-order mark before the text is no part of the JSON, and `JSON.parse`
 * rejects it. A package.json, tsconfig or config file saved with one (Windows editors do) is read as if it had none
 * (review 40 R40-1, R40-4: such a package.json was taken for no package.json at all). Writers keep the mark: they
 * edit the text, not a re-serialised object.
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseJson(text: string): unknown {
  return JSON.parse(withoutBom(text));
}
