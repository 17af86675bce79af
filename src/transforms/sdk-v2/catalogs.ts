/**
 * pnpm catalogs: a dependency written `"zod": "catalog:prod"` (or `catalog:` for the default catalog)
 * takes its range from the nearest pnpm-workspace.yaml, `catalogs.prod.zod` (the default catalog is
 * `catalog:` at the top, or `catalogs.default`). antfu/nuxt-mcp's packages/vite-plugin-mcp declares
 * zod that way, with `^3.25.76` in the catalog: read as a tag, the specifier looked as if it reached
 * zod 4.2, so the SDK moved to v2 while zod stayed on 3. The range is looked up here so that it is
 * judged like one written in package.json; one that cannot be found is unknown, never assumed new.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

const CATALOG_PROTOCOL = 'catalog:';

export function isCatalogSpecifier(range: string): boolean {
  return range.trim().startsWith(CATALOG_PROTOCOL);
}

export interface CatalogEntry {
  /** The catalog's name (`default` for `catalog:`). */
  catalog: string;
  /** The range the catalog gives, when found. */
  range?: string;
  /** The pnpm-workspace.yaml read, when one was found. */
  workspaceFile?: string;
}

/** The range `catalog:<name>` stands for in the nearest pnpm-workspace.yaml above `dir` (up to a repository root). */
export function resolveCatalogRange(specifier: string, pkg: string, dir: string): CatalogEntry {
  const catalog = specifier.trim().slice(CATALOG_PROTOCOL.length).trim() || 'default';
  const workspaceFile = nearestWorkspaceFile(dir);
  if (!workspaceFile) return { catalog };
  let document: unknown;
  try {
    document = parseYaml(fs.readFileSync(workspaceFile, 'utf8'));
  } catch {
    return { catalog, workspaceFile };
  }
  const section = (value: unknown): Record<string, unknown> | undefined => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);
  const root = section(document);
  const named = section(section(root?.catalogs)?.[catalog]);
  // `catalog:` and `catalog:default` both mean the default catalog, which pnpm reads from either place.
  const entries = named ?? (catalog === 'default' ? section(root?.catalog) : undefined);
  const range = entries?.[pkg];
  return typeof range === 'string' ? { catalog, range, workspaceFile } : { catalog, workspaceFile };
}

function nearestWorkspaceFile(dir: string): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const candidate = path.join(current, 'pnpm-workspace.yaml');
    if (fs.existsSync(candidate)) return candidate;
    if (fs.existsSync(path.join(current, '.git')) || path.dirname(current) === current) return undefined;
  }
}
