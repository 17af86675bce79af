/**
 * Generated code laid out like the file's own. Transforms write each new statement on as few lines
 * as their templates allow (a rewritten elicitation's `return { content: […], isError: true }`, a
 * 405 answer, an import the run merged names into), and some of those lines run past 150
 * characters in files whose own lines stop at 80. A reviewer would reformat them before merging.
 *
 * After the last transform, each statement the run added entirely (every one of its lines is new)
 * that has a line wider than the file's width is printed again by Prettier, with the options the
 * file follows: the project's Prettier config where it has one, otherwise what the file shows
 * (indentation, quotes, semicolons, trailing commas, the width most of its lines keep to). Nothing
 * else moves: the user's lines, and the run's lines that fit, stay exactly as they are, so a
 * project that is not formatted by Prettier does not get Prettier's layout on its own code.
 *
 * Why Prettier and not a hand-written line breaker: breaking a TypeScript expression well (where a
 * call's arguments, an object, a ternary or a template split; how far each continuation indents) is
 * exactly what Prettier is, it is the formatter most of these projects already run, and it never
 * changes what code means. It is loaded only when a file has a line to lay out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from '../typescript.js';
import { syntaxTreeOf } from '../analysis/parsed-files.js';
import { indentAt, indentUnit } from '../transforms/kit/source-style.js';
import { addedLines, preferredQuote } from './quote-style.js';
import { isTerminated } from './semicolon-style.js';
import { keepLineEndings } from './file-conventions.js';
import { parsingOr } from './syntax-check.js';
import { parseJson } from '../json-text.js';

/** The options of Prettier's that describe a file's look, as far as the layout of a statement needs them. */
export interface LayoutOptions {
  printWidth: number;
  useTabs: boolean;
  tabWidth: number;
  singleQuote: boolean;
  semi: boolean;
  trailingComma: 'all' | 'es5' | 'none';
  bracketSpacing: boolean;
  arrowParens: 'always' | 'avoid';
}

/** Widths a file is taken to keep to: the first that almost all of its lines fit. */
const WIDTHS = [80, 100, 120, 140];
/** Lines a file may have past its width (long strings, URLs, comments) and still keep to it. */
const OVER_WIDTH_SHARE = 0.02;
/**
 * A file needs this many code lines for a share of them past a width to say anything. A shorter one (a 15-line stdio
 * server whose one registration the official codemod put on a 200-character line) says little: it is taken to keep to
 * the narrowest width of at least SHORT_FILE_WIDTH that all of its lines fit, so that only what is clearly too wide
 * for any file is laid out (a 101-column guard the run wrote in a file of 80-column lines stays as written).
 */
const MIN_CODE_LINES = 20;
const SHORT_FILE_WIDTH = 120;

/**
 * Prettier config files that are data, read without running anything. A JavaScript config
 * (`prettier.config.js`, `.prettierrc.mjs`, …) or a `"prettier": "<shared config package>"` entry
 * is code: `apply` does not run a project's code to migrate it, so those files' look is inferred
 * from the file instead.
 */
const DATA_CONFIGS = /(^|[\\/])(\.prettierrc|\.prettierrc\.(json|json5|yaml|yml|toml)|package\.json)$/;

type Prettier = typeof import('prettier');
let loaded: Promise<Prettier> | undefined;
/** Prettier with its config resolution: loaded only for a project that has a config file of data. */
function prettier(): Promise<Prettier> {
  loaded ??= import('prettier');
  return loaded;
}

/** Prints one statement; what `printStatement` runs. */
type Format = (text: string, options: LayoutOptions & { parser: Parser; endOfLine: 'lf' }) => Promise<string>;
let printer: Promise<Format> | undefined;
/**
 * Prettier's standalone printer with the Babel parser alone (its `babel-ts` reads TypeScript): half the start-up of
 * the full package, which also loads config resolution and a second parser (TypeScript's, 900 kB) that the
 * statements laid out here do not need (src/everything: 185 ms to the first statement printed, 90 ms with this).
 */
function format(): Promise<Format> {
  printer ??= Promise.all([import('prettier/standalone'), import('prettier/plugins/babel'), import('prettier/plugins/estree')]).then(
    ([standalone, babel, estree]) =>
      (text, options) =>
        standalone.format(text, { ...options, plugins: [babel, estree] }),
  );
  return printer;
}

/**
 * `after` with the statements the run added and wrote past the file's width laid out by Prettier
 * in the file's style; unchanged when there are none, or when `before` shows no width.
 */
export async function layOutAddedStatements(file: string, before: string, after: string): Promise<string> {
  if (before === after) return after;
  // Laid out on LF text; the result gets back the endings `after` had, line by line where it mixes them (review 40 R40-14).
  if (after.includes('\r\n')) return keepLineEndings(after, await layOutAddedStatements(file, before.replace(/\r\n/g, '\n'), after.replace(/\r\n/g, '\n')));
  const parser = parserOf(file);
  if (!parser) return after;
  // Cheap first, with no diff: most changed files have no wide code line the original did not have
  // (a moved line counts as new here, and is told apart below).
  const lines = after.split('\n');
  const originalLines = new Set(before.split('\n'));
  if (!lines.some((line) => isWideCode(line, WIDTHS[0]!) && !originalLines.has(line))) return after;
  const options = await layoutOptionsOf(file, before);
  if (!options) return after;
  const added = addedLines(before, after);
  // Lines the run only re-indented (code it moved into a new block) are the user's, not its own.
  const written = addedLines(before, after, { ignoreWhitespace: true });
  // The tree the judge then reads too (shared by syntaxTreeOf), in the file's own script kind (TSX, JSX).
  const sf = syntaxTreeOf(file, after);
  const targets = statementsToLayOut(sf, added, written, options);
  if (targets.length === 0) return after;
  const p = await format();
  let out = after;
  // A statement that carries lines of the user's is printed again only if each of them comes out as it was:
  // Prettier lays out what the run wrote around them, and the user's own code keeps its look. Its indentation may
  // change only in a project formatted by Prettier (a config file it has), whose own formatter would move it so.
  const reindentAllowed = targets.some((t) => t.userLines.length > 0) && (!!(await projectConfig(file)) || formattedByPrettier(file));
  const same = (line: string) => (reindentAllowed ? line.trim() : line);
  // Last first, so that the offsets of the ones before stay right; a target's inner targets lie inside it.
  const layOut = async (list: readonly LayoutTarget[]): Promise<void> => {
    for (const { statement, userLines, inner } of [...list].reverse()) {
      const start = statement.getStart(sf);
      const print = await printStatement(p, parser, sf.text.slice(start, statement.end), indentAt(sf.text, start), ts.isSourceFile(statement.parent), options);
      const printed = print === undefined ? undefined : withUserStatementEnds(print, userLines, same);
      const printedLines = new Set(printed?.split('\n').map(same));
      if (printed === undefined || userLines.some((line) => !printedLines.has(same(line)))) {
        await layOut(inner);
        continue;
      }
      out = out.slice(0, start) + printed + out.slice(statement.end);
    }
  };
  await layOut(targets);
  // What was laid out must parse where the run's text did (a user's line kept without its `;` included).
  return parsingOr(file, after, out);
}

/**
 * `printed` with the user's statement ends kept. A file that mixes them (`this.url = url;` beside `return { … }` with
 * none) is printed with the style most of it has, and the user's other lines would no longer come out as they were
 * (sweep 28 AB7): a `;` Prettier dropped comes back, and one it added goes again unless the next line starts with what
 * would then continue the statement.
 */
function withUserStatementEnds(printed: string, userLines: readonly string[], same: (line: string) => string): string {
  if (userLines.length === 0) return printed;
  const user = new Set(userLines.map(same));
  const lines = printed.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (user.has(same(line))) continue;
    if (user.has(same(`${line};`))) {
      lines[i] = `${line};`;
      continue;
    }
    if (!line.endsWith(';') || !user.has(same(line.slice(0, -1)))) continue;
    const next = lines.slice(i + 1).find((l) => l.trim() !== '');
    if (next === undefined || !/^\s*[([`+\-*/]/.test(next)) lines[i] = line.slice(0, -1);
  }
  return lines.join('\n');
}

/** A statement to print again; `inner`: the ones inside it, laid out instead when it cannot be. */
interface LayoutTarget {
  statement: ts.Node;
  /** The user's lines it carries (a statement the run rewrote around them). */
  userLines: string[];
  inner: LayoutTarget[];
}

/**
 * The outermost statements that the run wrote (their first line is its own; the rest it wrote or moved)
 * and that have a line of its own wider than the width. A user's statement the run only re-indented keeps its layout.
 */
function statementsToLayOut(sf: ts.SourceFile, added: ReadonlySet<number>, written: ReadonlySet<number>, options: LayoutOptions): LayoutTarget[] {
  let out: LayoutTarget[] = [];
  const lines = sf.text.split('\n');
  const visit = (node: ts.Node): void => {
    if (isLayoutStatement(node)) {
      const start = node.getStart(sf);
      const first = sf.getLineAndCharacterOfPosition(start).line;
      const last = sf.getLineAndCharacterOfPosition(node.end).line;
      let all = true;
      let wide = false;
      for (let line = first; line <= last && all; line++) {
        all = added.has(line);
        // Only a wide line of the run's own asks for a layout: a user's wide line it moved stays as the user wrote it.
        wide ||= written.has(line) && isWideCode(lines[line] ?? '', options.printWidth, options.tabWidth);
      }
      // Alone on its lines: nothing of the user's shares its first or last line.
      const alone = /^\s*$/.test(lines[first]!.slice(0, sf.getLineAndCharacterOfPosition(start).character)) && /^\s*(\/\/.*)?$/.test(sf.text.slice(node.end, lineEnd(sf.text, node.end)));
      if (all && alone && written.has(first)) {
        if (wide) out.push({ statement: node, userLines: [], inner: [] });
        return;
      }
      // A statement the run rewrote around lines of the user's (a registration the official codemod put on one wide
      // line, the user's schema properties and handler body kept below it): laid out too when its first line is the
      // run's and wide, provided the user's lines come out unchanged (checked once printed).
      if (!all && alone && written.has(first) && isWideCode(lines[first] ?? '', options.printWidth, options.tabWidth)) {
        const userLines: string[] = [];
        for (let line = first; line <= last; line++) if (!written.has(line) && (lines[line] ?? '').trim() !== '') userLines.push(lines[line]!);
        const outer = out;
        out = [];
        ts.forEachChild(node, visit);
        outer.push({ statement: node, userLines, inner: out });
        out = outer;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function isLayoutStatement(node: ts.Node): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.VariableStatement:
    case ts.SyntaxKind.ExpressionStatement:
    case ts.SyntaxKind.ReturnStatement:
    case ts.SyntaxKind.IfStatement:
    case ts.SyntaxKind.ThrowStatement:
    case ts.SyntaxKind.ImportDeclaration:
      return true;
    default:
      return false;
  }
}

/**
 * The statement printed by Prettier, at `indent`. A nested statement (a `return`, an `await`) is
 * printed inside an async generator function so that it parses; its body is then moved from that
 * function's indentation to the statement's own. Undefined when Prettier cannot print it.
 */
async function printStatement(p: Format, parser: Parser, text: string, indent: string, topLevel: boolean, options: LayoutOptions): Promise<string | undefined> {
  const unit = options.useTabs ? '\t' : ' '.repeat(options.tabWidth);
  const indentWidth = columns(indent, options.tabWidth);
  const wrapped = topLevel ? text : `async function* mcpMigrateLayout() {\n${text}\n}`;
  // Inside the wrapper the body sits one unit in: the width left for it is the file's minus the statement's indent, plus that unit.
  const printWidth = Math.max(40, options.printWidth - indentWidth + (topLevel ? 0 : columns(unit, options.tabWidth)));
  let printed: string;
  try {
    printed = await p(wrapped, { ...options, printWidth, parser, endOfLine: 'lf' });
  } catch {
    return undefined;
  }
  let body = printed.replace(/\n$/, '').split('\n');
  if (!topLevel) {
    if (!/^async function\* mcpMigrateLayout\(\) \{$/.test(body[0]!) || body[body.length - 1] !== '}') return undefined;
    body = body.slice(1, -1).map((line) => (line.startsWith(unit) ? line.slice(unit.length) : line));
  }
  return body.map((line, i) => (i === 0 || line === '' ? line : indent + line)).join('\n');
}

/**
 * How the file is written, as Prettier options: its project's Prettier config (a data file) where
 * one applies, else what the original text shows. Undefined when the file keeps to no width.
 */
export async function layoutOptionsOf(file: string, before: string): Promise<LayoutOptions | undefined> {
  const inferred = inferredOptions(file, before);
  const configured = await projectConfig(file);
  if (!configured) {
    // Prettier run with its defaults: the width is its 80 columns, whatever long strings the file has (Prettier
    // leaves those past the width, and they would hide the width from inference). A JavaScript config may set any.
    if (!nearestConfig(path.dirname(file)) && formattedByPrettier(file)) return { ...(inferred ?? inferredStyle(file, before)), printWidth: 80 };
    return inferred;
  }
  const base = inferred ?? { ...inferredStyle(file, before), printWidth: 80 };
  const pick = <K extends keyof LayoutOptions>(key: K, valid: (v: unknown) => boolean): LayoutOptions[K] => (valid(configured[key]) ? (configured[key] as LayoutOptions[K]) : key === 'printWidth' ? (80 as LayoutOptions[K]) : base[key]);
  const isBool = (v: unknown) => typeof v === 'boolean';
  return {
    printWidth: pick('printWidth', (v) => typeof v === 'number' && v > 0),
    useTabs: pick('useTabs', isBool),
    tabWidth: pick('tabWidth', (v) => typeof v === 'number' && v > 0),
    singleQuote: pick('singleQuote', isBool),
    semi: pick('semi', isBool),
    trailingComma: pick('trailingComma', (v) => v === 'all' || v === 'es5' || v === 'none'),
    bracketSpacing: pick('bracketSpacing', isBool),
    arrowParens: pick('arrowParens', (v) => v === 'always' || v === 'avoid'),
  };
}

/** The project's Prettier options for `file`, from a config file that is data; undefined when there is none (or it is code). */
async function projectConfig(file: string): Promise<Partial<Record<keyof LayoutOptions, unknown>> | undefined> {
  const configFile = nearestConfig(path.dirname(file));
  if (!configFile || !DATA_CONFIGS.test(configFile)) return undefined;
  if (path.basename(configFile) === 'package.json') {
    const entry = readJson(configFile)?.prettier;
    if (typeof entry !== 'object' || entry === null) return undefined;
  }
  try {
    const p = await prettier();
    return ((await p.resolveConfig(file, { config: configFile, editorconfig: false })) ?? undefined) as Partial<Record<keyof LayoutOptions, unknown>> | undefined;
  } catch {
    return undefined;
  }
}

/**
 * A project that formats its code with Prettier without a config file of data: a JavaScript config (not run
 * here), or Prettier's defaults, which the nearest package.json shows by depending on Prettier and running it
 * (a script or a lint-staged command: `"format": "prettier --write src"`). Its own formatter re-indents the
 * user's lines inside a statement the run rewrote, as printing that statement again here does.
 */
function formattedByPrettier(file: string): boolean {
  const config = nearestConfig(path.dirname(file));
  if (config && path.basename(config) !== 'package.json') return true;
  for (let at = path.dirname(file); ; at = path.dirname(at)) {
    const manifest = path.join(at, 'package.json');
    if (fs.existsSync(manifest)) {
      const json = readJson(manifest);
      const dependsOn = ['dependencies', 'devDependencies'].some((section) => {
        const deps = json?.[section];
        return typeof deps === 'object' && deps !== null && 'prettier' in deps;
      });
      const runs = (entry: unknown): boolean => typeof entry === 'object' && entry !== null && Object.values(entry).some((command) => (Array.isArray(command) ? command : [command]).some((c) => typeof c === 'string' && /\bprettier\b/.test(c)));
      return dependsOn && (runs(json?.scripts) || runs(json?.['lint-staged']));
    }
    if (path.dirname(at) === at) return false;
  }
}

/** Prettier's own search order, up from `dir`: the first directory with a config file (package.json counts only with a `prettier` key). */
const CONFIG_NAMES = ['package.json', '.prettierrc', '.prettierrc.json', '.prettierrc.yaml', '.prettierrc.yml', '.prettierrc.json5', '.prettierrc.js', '.prettierrc.mjs', '.prettierrc.cjs', '.prettierrc.ts', '.prettierrc.mts', '.prettierrc.cts', 'prettier.config.js', 'prettier.config.mjs', 'prettier.config.cjs', 'prettier.config.ts', 'prettier.config.mts', 'prettier.config.cts', '.prettierrc.toml'];
function nearestConfig(dir: string): string | undefined {
  for (let at = dir; ; at = path.dirname(at)) {
    for (const name of CONFIG_NAMES) {
      const candidate = path.join(at, name);
      if (!fs.existsSync(candidate)) continue;
      if (name === 'package.json' && readJson(candidate)?.prettier === undefined) continue;
      return candidate;
    }
    if (path.dirname(at) === at) return undefined;
  }
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return parseJson(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** What the original text shows: its style, and the width almost all of its code lines keep to. */
function inferredOptions(file: string, before: string): LayoutOptions | undefined {
  const style = inferredStyle(file, before);
  const code = before.split('\n').filter((l) => l.trim() !== '' && !isComment(l));
  if (code.length === 0) return undefined;
  const short = code.length < MIN_CODE_LINES;
  const allowed = short ? 0 : code.length * OVER_WIDTH_SHARE;
  const printWidth = WIDTHS.filter((w) => !short || w >= SHORT_FILE_WIDTH).find((w) => code.filter((l) => columns(l, style.tabWidth) > w).length <= allowed);
  return printWidth === undefined ? undefined : { ...style, printWidth };
}

function inferredStyle(file: string, before: string): Omit<LayoutOptions, 'printWidth'> {
  const unit = indentUnit(before);
  // The original's tree, which the first analysis parsed already.
  const sf = syntaxTreeOf(file, before);
  let withSemicolon = 0;
  let without = 0;
  const commas = { literal: 0, literalWithout: 0, call: 0, callWithout: 0 };
  let spaced = 0;
  let tight = 0;
  let arrowParens = 0;
  let arrowBare = 0;
  const multiLine = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line !== sf.getLineAndCharacterOfPosition(node.end).line;
  const visit = (node: ts.Node): void => {
    if (isTerminated(node)) {
      if (sf.text[node.end - 1] === ';') withSemicolon++;
      else without++;
    }
    if ((ts.isObjectLiteralExpression(node) || ts.isArrayLiteralExpression(node)) && multiLine(node)) {
      const items = ts.isObjectLiteralExpression(node) ? node.properties : node.elements;
      // Only where the closing bracket has a line of its own does a trailing comma say anything.
      if (items.length > 0 && sf.getLineAndCharacterOfPosition(items[items.length - 1]!.end).line !== sf.getLineAndCharacterOfPosition(node.end).line) {
        if (items.hasTrailingComma) commas.literal++;
        else commas.literalWithout++;
      }
    }
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const last = node.arguments[node.arguments.length - 1]!;
      if (sf.getLineAndCharacterOfPosition(last.end).line !== sf.getLineAndCharacterOfPosition(node.end).line) {
        if (node.arguments.hasTrailingComma) commas.call++;
        else commas.callWithout++;
      }
    }
    if (ts.isObjectLiteralExpression(node) && node.properties.length > 0 && !multiLine(node)) {
      if (/^\{\s/.test(node.getText(sf))) spaced++;
      else tight++;
    }
    if (ts.isArrowFunction(node) && node.parameters.length === 1) {
      if (node.getText(sf).startsWith('(') || node.getText(sf).startsWith('async (')) arrowParens++;
      else arrowBare++;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const trailingComma: LayoutOptions['trailingComma'] = commas.call > commas.callWithout ? 'all' : commas.literal > commas.literalWithout ? 'es5' : commas.literalWithout > 0 ? 'none' : 'all';
  return {
    useTabs: unit === '\t',
    tabWidth: unit === '\t' ? 2 : unit.length,
    singleQuote: preferredQuote(file, before) !== '"',
    semi: withSemicolon >= without,
    trailingComma,
    bracketSpacing: spaced >= tight,
    arrowParens: arrowBare > arrowParens ? 'avoid' : 'always',
  };
}

type Parser = 'babel-ts' | 'babel';
function parserOf(file: string): Parser | undefined {
  if (/\.[cm]?tsx?$/.test(file)) return 'babel-ts';
  if (/\.[cm]?jsx?$/.test(file)) return 'babel';
  return undefined;
}

/** A line of code (not a comment line) wider than `width`. */
function isWideCode(line: string, width: number, tabWidth = 2): boolean {
  return columns(line, tabWidth) > width && !isComment(line);
}

function isComment(line: string): boolean {
  return /^\s*(\/\/|\/\*|\*)/.test(line);
}

function columns(text: string, tabWidth: number): number {
  let n = 0;
  for (const ch of text) n += ch === '\t' ? tabWidth : 1;
  return n;
}

function lineEnd(text: string, position: number): number {
  const end = text.indexOf('\n', position);
  return end < 0 ? text.length : end;
}
