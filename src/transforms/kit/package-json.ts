/**
 * The migrated project's package.json, as transforms that add a dependency see it: the nearest one above a file, and
 * an entry added to its `dependencies` in alphabetical place and the file's layout. Reads go through the run's
 * current text (`readCurrentFile`), so an earlier transform's edit (sdk-v2's move to the v2 packages) is seen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from '../../typescript.js';
import type { TextEdit } from './edits.js';
import { readCurrentFile } from './file-overlay.js';
import { parseJson } from '../../json-text.js';

/** The package.json nearest above `dir` (itself included). */
export function nearestPackageJson(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'package.json');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

/**
 * The package a file belongs to: the directory of its nearest package.json ('' when it has none). A module a
 * transform generates serves the files of one package: in a monorepo each package gets its own, since a
 * package cannot import another's sources by relative path (its build and its tsconfig's rootDir end at it).
 */
export function packageDirOf(file: string): string {
  const manifest = nearestPackageJson(path.dirname(file));
  return manifest ? path.dirname(manifest) : '';
}

/** Whether package.json `file` declares `name` in its dependencies, devDependencies or peerDependencies. */
export function hasDependency(file: string, name: string): boolean {
  try {
    const json = JSON.parse(readCurrentFile(file)) as Record<string, Record<string, string> | undefined>;
    return !!(json.dependencies?.[name] ?? json.devDependencies?.[name] ?? json.peerDependencies?.[name]);
  } catch {
    return false;
  }
}

/** `"name": "range"` in package.json's dependencies, in alphabetical place and the file's layout; undefined if present or not possible. */
export function addDependency(file: string, name: string, range: string): TextEdit | undefined {
  if (hasDependency(file, name)) return undefined;
  let text: string;
  try {
    text = readCurrentFile(file);
    parseJson(text);
  } catch {
    return undefined;
  }
  const open = /"dependencies"\s*:\s*\{/.exec(text);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const close = text.indexOf('}', start);
  if (close < 0) return undefined;
  const block = text.slice(start, close);
  const entries = [...block.matchAll(/(\n?)([ \t]*)"((?:[^"\\]|\\.)*)"\s*:\s*"(?:[^"\\]|\\.)*"/g)];
  const entry = `"${name}": "${range}"`;
  if (entries.length === 0) {
    const indent = /\n([ \t]*)"dependencies"/.exec(text)?.[1] ?? '  ';
    return { file, start, end: close, text: `\n${indent}${indent}${entry}\n${indent}` };
  }
  const indent = entries[0]![2]!;
  const after = entries.find((m) => m[3]! > name);
  if (after) {
    const at = start + after.index! + after[1]!.length + after[2]!.length;
    return { file, start: at, end: at, text: `${entry},\n${indent}` };
  }
  const last = entries[entries.length - 1]!;
  const at = start + last.index! + last[0].length;
  return { file, start: at, end: at, text: `,\n${indent}${entry}` };
}

const DEPENDENCY_SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * `name` taken out of every dependency section of package.json `file` that declares it, with its separator (the
 * comma and line break before it when it is last, after it otherwise): the other entries and the layout stay as
 * written. Empty when the file does not declare it or is not JSON.
 */
export function removeDependency(file: string, name: string): TextEdit[] {
  let text: string;
  try {
    text = readCurrentFile(file);
    parseJson(text);
  } catch {
    return [];
  }
  const sf = ts.parseJsonText(file, text);
  const root = sf.statements[0]?.expression;
  if (!root || !ts.isObjectLiteralExpression(root)) return [];
  const edits: TextEdit[] = [];
  for (const section of root.properties) {
    if (!ts.isPropertyAssignment(section) || !ts.isStringLiteral(section.name) || !DEPENDENCY_SECTIONS.includes(section.name.text)) continue;
    if (!ts.isObjectLiteralExpression(section.initializer)) continue;
    const entries = section.initializer.properties;
    const at = entries.findIndex((p) => ts.isPropertyAssignment(p) && ts.isStringLiteral(p.name) && p.name.text === name);
    if (at < 0) continue;
    const entry = entries[at]!;
    if (entries.length === 1) {
      // The section's only entry: the section stays, empty.
      edits.push({ file, start: section.initializer.getStart(sf) + 1, end: section.initializer.end - 1, text: '' });
    } else if (at < entries.length - 1) {
      edits.push({ file, start: entry.getStart(sf), end: entries[at + 1]!.getStart(sf), text: '' });
    } else {
      edits.push({ file, start: entries[at - 1]!.end, end: entry.end, text: '' });
    }
  }
  return edits;
}
