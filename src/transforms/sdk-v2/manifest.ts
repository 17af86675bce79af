/**
 * The package.json side of the move to SDK v2: `@modelcontextprotocol/sdk` out, the v2 packages the
 * migrated code imports in, zod raised to what v2 needs. Edits are made to the text, section by
 * section, keeping each untouched entry exactly as written, the file's indentation, and key order
 * (a new key goes where sorting puts it when the section is sorted, else where the v1 entry was).
 */
import { ts } from '../../typescript.js';
import { parseJson } from '../../json-text.js';

/**
 * The versions written for the v2 packages, pinned deliberately:
 * - the newest 2.x of each package on npm when this was written (`npm view <pkg> version`,
 *   2026-11-30), never older than the official codemod 2.3.1's own table (`V2_PACKAGE_VERSIONS` in its
 *   runner: client/server/core ^2.3.1, node ^2.1.1, express ^2.0.2, server-legacy ^2.3.1);
 * - the ones this repository type-checks its fixtures against are its exact devDependencies
 *   (test/transforms/sdk-v2.test.ts fails if the two drift apart);
 * - caret ranges, as the official codemod writes them.
 */
export const V2_PACKAGE_VERSIONS: Readonly<Record<string, string>> = {
  '@modelcontextprotocol/server': '^2.4.0',
  '@modelcontextprotocol/client': '^2.4.0',
  '@modelcontextprotocol/core': '^2.4.0',
  '@modelcontextprotocol/node': '^2.1.2',
  '@modelcontextprotocol/express': '^2.0.2',
  '@modelcontextprotocol/hono': '^2.0.2',
  '@modelcontextprotocol/fastify': '^2.0.1',
  '@modelcontextprotocol/server-legacy': '^2.3.1',
};

/** v2 packages that need `@modelcontextprotocol/server` beside them (their peerDependencies). */
const NEEDS_SERVER = new Set(['@modelcontextprotocol/node', '@modelcontextprotocol/express', '@modelcontextprotocol/hono', '@modelcontextprotocol/fastify']);

export const V1_PACKAGE = '@modelcontextprotocol/sdk';

/**
 * zod: `@modelcontextprotocol/server`, `client` and `core` 2.x depend on `zod ^4.2.0`, and v2's
 * registration APIs take Standard Schemas with JSON Schema (`~standard.jsonSchema`), which zod
 * has from 4.2. A user range that cannot reach 4.2 is raised to this one.
 */
const ZOD_FLOOR: readonly [number, number] = [4, 2];
export const ZOD_RANGE = '^4.2.0';

const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
const PEER_META = 'peerDependenciesMeta';
/** The lists of dependency names npm packs into the tarball (both spellings npm accepts). */
const BUNDLED = new Set(['bundledDependencies', 'bundleDependencies']);
type Section = (typeof SECTIONS)[number];

/** The package a specifier belongs to (`@scope/name/sub` → `@scope/name`). */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The v2 packages to declare for these imported `@modelcontextprotocol/*` specifiers. */
export function v2PackagesFor(specifiers: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const spec of specifiers) {
    const pkg = packageOf(spec);
    if (!(pkg in V2_PACKAGE_VERSIONS)) continue;
    out.add(pkg);
    if (NEEDS_SERVER.has(pkg)) out.add('@modelcontextprotocol/server');
  }
  return [...out].sort();
}

/**
 * Whether a semver range can resolve to zod ≥ 4.2 (any `||` alternative that can). Understands the
 * forms package.json files use: `^x.y.z`, `~x.y`, `x.y.z`, `x.x`, `>=a <b`, `a - b`, `*`, tags. A pnpm
 * `catalog:` reference is not a tag: its range is in pnpm-workspace.yaml (catalogs.ts), and unread it
 * is unknown, so it does not count as reaching 4.2.
 */
export function zodRangeReachesFloor(range: string): boolean {
  if (range.trim().startsWith('catalog:')) return false;
  return range.split('||').some((alternative) => {
    const seg = alternative.replace(/^\s*(?:npm:zod@|workspace:)?/, '').trim();
    if (seg === '' || seg === '*' || seg === 'x' || /^[a-z]/i.test(seg)) return true;
    const atLeast = (major: number, minor: number | undefined, inclusive: boolean): boolean => {
      if (major !== ZOD_FLOOR[0]) return major > ZOD_FLOOR[0];
      if (minor === undefined) return inclusive;
      return minor > ZOD_FLOOR[1] || (minor === ZOD_FLOOR[1] && inclusive);
    };
    const hyphen = /^\S+\s+-\s+v?(\d+)(?:\.(\d+))?/.exec(seg);
    if (hyphen) return atLeast(Number(hyphen[1]), hyphen[2] === undefined ? undefined : Number(hyphen[2]), true);
    const upper = /<(=?)\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(seg);
    if (upper) {
      // `<4.2.1` still admits 4.2.0; `<4.2` / `<4.2.0` does not.
      const patchAbove = upper[4] !== undefined && Number(upper[4]) > 0;
      return atLeast(Number(upper[2]), upper[3] === undefined ? undefined : Number(upper[3]), upper[1] === '=' || patchAbove);
    }
    if (seg.startsWith('>')) return true;
    const caret = /^\^\s*v?(\d+)(?:\.(\d+|x|\*))?/.exec(seg);
    if (caret) {
      const major = Number(caret[1]);
      return major >= ZOD_FLOOR[0]; // ^4.x reaches the newest 4.x
    }
    const plain = /^~?\s*=?\s*v?(\d+)(?:\.(\d+|x|\*))?/.exec(seg);
    if (plain) {
      const major = Number(plain[1]);
      if (major !== ZOD_FLOOR[0]) return major > ZOD_FLOOR[0];
      if (plain[2] === undefined || plain[2] === 'x' || plain[2] === '*') return true;
      return Number(plain[2]) >= ZOD_FLOOR[1];
    }
    return true;
  });
}

export interface ManifestView {
  /** Section → package → range, for the sections that exist. */
  sections: Partial<Record<Section, Record<string, string>>>;
}

export function readManifest(text: string): ManifestView | undefined {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object') return undefined;
  const sections: ManifestView['sections'] = {};
  for (const name of SECTIONS) {
    const value = (json as Record<string, unknown>)[name];
    if (value && typeof value === 'object') sections[name] = value as Record<string, string>;
  }
  return { sections };
}

export function declares(view: ManifestView, pkg: string): Section | undefined {
  return SECTIONS.find((s) => view.sections[s] && pkg in view.sections[s]!);
}

export interface ManifestChange {
  /** Removed from every section that has it. */
  remove: string[];
  /** Added to `section` (created when missing). */
  add: Array<{ section: Section; name: string; range: string }>;
  /** Existing entries whose range is replaced. */
  set: Array<{ section: Section; name: string; range: string }>;
}

/**
 * What stands between two entries of an object: the text between its first two, or, with one entry, a comma and the
 * line break and indentation before it (`, ` on one line).
 */
function entrySeparator(text: string, sf: ts.JsonSourceFile, obj: ts.ObjectLiteralExpression, props: readonly ts.ObjectLiteralElementLike[]): string {
  if (props.length >= 2) return text.slice(props[0]!.end, props[1]!.getStart(sf));
  const leading = text.slice(obj.getStart(sf) + 1, props[0]!.getStart(sf));
  const line = leading.lastIndexOf('\n');
  return line >= 0 ? `,${leading.slice(line - (leading[line - 1] === '\r' ? 1 : 0))}` : ', ';
}

/** The manifest text with `change` made (untouched entries, indentation and key order as they were). */
export function rewriteManifest(text: string, change: ManifestChange): string {
  const sf = ts.parseJsonText('package.json', text);
  const root = sf.statements[0]?.expression;
  if (!root || !ts.isObjectLiteralExpression(root)) return text;
  const unit = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  type Edit = { start: number; end: number; text: string };
  const edits: Edit[] = [];
  const colonOf = (prop: ts.ObjectLiteralElementLike): string => /^"[^"]*"(\s*:\s*)/.exec(prop.getText(sf))?.[1] ?? ': ';

  const sectionsTouched = new Set<Section>([...change.add.map((a) => a.section), ...change.set.map((s) => s.section)]);
  for (const prop of root.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isStringLiteral(prop.name)) continue;
    const section = prop.name.text as Section;
    if (!SECTIONS.includes(section)) continue;
    const obj = prop.initializer;
    if (!ts.isObjectLiteralExpression(obj)) continue;
    const props = obj.properties.filter((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isStringLiteral(p.name));
    const keys = props.map((p) => (p.name as ts.StringLiteral).text);
    const removing = keys.some((k) => change.remove.includes(k));
    if (!removing && !sectionsTouched.has(section)) continue;
    sectionsTouched.delete(section);
    const colon = props[0] ? colonOf(props[0]) : ': ';
    let entries = props.map((p, i) => ({ key: keys[i]!, text: text.slice(p.getStart(sf), p.end) }));
    const removedAt = entries.findIndex((e) => change.remove.includes(e.key));
    entries = entries.filter((e) => !change.remove.includes(e.key));
    for (const s of change.set.filter((s) => s.section === section)) {
      const entry = entries.find((e) => e.key === s.name);
      if (entry) entry.text = entry.text.replace(/("[^"]*"\s*:\s*)"[^"]*"/, `$1${JSON.stringify(s.range)}`);
    }
    const sorted = keys.every((k, i) => i === 0 || keys[i - 1]!.localeCompare(k, 'en') <= 0);
    let insertAt = removedAt >= 0 ? removedAt : entries.length;
    for (const a of change.add.filter((a) => a.section === section)) {
      if (entries.some((e) => e.key === a.name)) continue;
      const entry = { key: a.name, text: `${JSON.stringify(a.name)}${colon}${JSON.stringify(a.range)}` };
      if (sorted) {
        const at = entries.findIndex((e) => e.key.localeCompare(a.name, 'en') > 0);
        entries.splice(at < 0 ? entries.length : at, 0, entry);
      } else entries.splice(insertAt++, 0, entry);
    }
    const open = obj.getStart(sf) + 1;
    const close = obj.end - 1;
    if (props.length >= 1) {
      edits.push({ start: props[0]!.getStart(sf), end: props.at(-1)!.end, text: entries.map((e) => e.text).join(entrySeparator(text, sf, obj, props)) });
    } else {
      const inner = `${unit}${unit}`;
      edits.push({ start: open, end: close, text: entries.length ? `${eol}${entries.map((e) => inner + e.text).join(`,${eol}`)}${eol}${unit}` : '' });
    }
  }
  // `bundledDependencies` / `bundleDependencies` (a list of names): a removed package bundled is replaced by the packages
  // added to `dependencies` in its place, so that the tarball bundles what replaced it (sweep 25 Y2).
  const bundled = [...new Set(change.add.filter((a) => a.section === 'dependencies').map((a) => a.name))].sort();
  for (const prop of root.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isStringLiteral(prop.name) || !BUNDLED.has(prop.name.text) || !ts.isArrayLiteralExpression(prop.initializer)) continue;
    const elements = prop.initializer.elements;
    const names = elements.map((e) => (ts.isStringLiteral(e) ? e.text : undefined));
    const removedAt = names.findIndex((n) => n !== undefined && change.remove.includes(n));
    if (removedAt < 0 || names.includes(undefined)) continue;
    const kept = names.filter((n): n is string => !change.remove.includes(n!));
    const added = bundled.filter((n) => !kept.includes(n));
    // The added names take the place of the first removed one.
    const next = names.flatMap((n, i) => (!change.remove.includes(n!) ? [n!] : i === removedAt ? added : []));
    const separator = elements.length >= 2 ? text.slice(elements[0]!.end, elements[1]!.getStart(sf)) : ', ';
    edits.push({ start: elements[0]!.getStart(sf), end: elements.at(-1)!.end, text: next.map((n) => JSON.stringify(n)).join(separator) });
  }
  // `peerDependenciesMeta` (`{ "@modelcontextprotocol/sdk": { "optional": true } }`): what it said of a removed peer it
  // says of the peers added in its place, or an optional peer would become a required one (sweep 36 AJ6).
  const addedPeers = [...new Set(change.add.filter((a) => a.section === 'peerDependencies').map((a) => a.name))];
  for (const prop of root.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isStringLiteral(prop.name) || prop.name.text !== PEER_META || !ts.isObjectLiteralExpression(prop.initializer)) continue;
    const props = prop.initializer.properties.filter((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isStringLiteral(p.name));
    if (props.length !== prop.initializer.properties.length || !props.some((p) => change.remove.includes((p.name as ts.StringLiteral).text))) continue;
    const keys = new Set(props.map((p) => (p.name as ts.StringLiteral).text));
    const entries = props.flatMap((p) => {
      const key = (p.name as ts.StringLiteral).text;
      if (!change.remove.includes(key)) return [text.slice(p.getStart(sf), p.end)];
      const value = text.slice(p.initializer.getStart(sf), p.initializer.end);
      return addedPeers.filter((name) => !keys.has(name)).map((name) => `${JSON.stringify(name)}${colonOf(p)}${value}`);
    });
    if (entries.length) edits.push({ start: props[0]!.getStart(sf), end: props.at(-1)!.end, text: entries.join(entrySeparator(text, sf, prop.initializer, props)) });
    else edits.push({ start: prop.initializer.getStart(sf), end: prop.initializer.end, text: '{}' });
  }
  // Sections that do not exist yet: appended after the last top-level property.
  const last = root.properties.at(-1);
  for (const section of sectionsTouched) {
    const adds = change.add.filter((a) => a.section === section).sort((a, b) => a.name.localeCompare(b.name, 'en'));
    if (!adds.length) continue;
    const body = adds.map((a) => `${unit}${unit}${JSON.stringify(a.name)}: ${JSON.stringify(a.range)}`).join(`,${eol}`);
    const block = `${JSON.stringify(section)}: {${eol}${body}${eol}${unit}}`;
    if (last) edits.push({ start: last.end, end: last.end, text: `,${eol}${unit}${block}` });
    else edits.push({ start: root.getStart(sf) + 1, end: root.getStart(sf) + 1, text: `${eol}${unit}${block}${eol}` });
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
