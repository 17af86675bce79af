/**
 * Serving in a file the sdk-v2 step left on SDK 1.x, on `--target 2026-07-28`: a package built on v1's experimental
 * tasks layer, or a file importing workspace packages that are still on v1 (cyanheads' template, jdutton's http-server).
 * The transforms after sdk-v2 see its imports still on `@modelcontextprotocol/sdk`. `createMcpHandler` and
 * `toNodeHandler` are SDK v2's: written into such a file they would not exist at run time (or not fit the v1 server
 * the factory builds), so its sessionful Streamable HTTP serving is planned in SDK 1.x's idiom (a server and a
 * `sessionIdGenerator: undefined` transport per POST, 405 for GET/DELETE), rewrites and markers alike. Serving already
 * in that idiom is done as far as SDK 1.x goes: it keeps the markers that advise its move to SDK v2, as before.
 *
 * SDK 1.x speaks only the 2025 protocol revisions: with `--modern-only` such a file has no modern path to keep, so its
 * sessionful path cannot simply go (that would leave no endpoint); its markers say so.
 *
 * Only Streamable HTTP is planned this way: the HTTP+SSE endpoint keeps its own decisions (legacy-sse.ts), which the
 * sdk-v2 step's outcome does not change. stdio is not rewritten in such a file: `serveStdio` is SDK v2's and takes a
 * factory of v2 servers, so handed the file's v1 `McpServer` it does not type-check (TS2345) and would not run
 * (dynatrace-mcp's src/index.ts, which imports @modelcontextprotocol/ext-apps 1.x, sweep 3). SDK 1.x's
 * `server.connect(new StdioServerTransport())` is already all SDK 1.x can do there; a note says so.
 */
import { ts } from '../../typescript.js';
import { sdkMajorsOfFile } from '../../analysis/sdk-modules.js';
import type { TransformOptions } from '../kit/plan.js';

type ServingOptions = Pick<TransformOptions, 'target' | 'modernOnly'>;

/** Whether `sf` stays on SDK 1.x while the migration targets 2026-07-28. */
export function leftOnSdkV1(sf: ts.SourceFile, options: ServingOptions): boolean {
  if (options.target !== '2026-07-28') return false;
  // A file the sdk-v2 step moved keeps an import the official codemod does not map (`…/sdk/examples/shared/
  // inMemoryEventStore.js`, sweep 19 S5): it is on SDK v2, with that one import left to change.
  const majors = sdkMajorsOfFile(sf);
  return majors.has(1) && !majors.has(2);
}

/** The options its Streamable HTTP serving is planned with: SDK 1.x's idiom in a file left on v1. */
export function httpServingOptions(sf: ts.SourceFile, options: ServingOptions): ServingOptions {
  return leftOnSdkV1(sf, options) ? { ...options, target: 'stateless-v1' } : options;
}

/** What a marker in a file left on SDK 1.x adds: why the advice is SDK 1.x's, and what `--modern-only` cannot do here. */
export function leftOnV1Note(options: ServingOptions): string {
  const why = 'This file stays on SDK 1.x (the sdk-v2 step left it there, see MIGRATION.md), which has no `createMcpHandler`: the stateless idiom here is SDK 1.x\'s.';
  if (!options.modernOnly) return why;
  return `${why} --modern-only does not remove this sessionful path: SDK 1.x serves 2025-era clients only, so without it this endpoint would serve no client at all; move the file to SDK v2 first, then run apply again.`;
}

/** The note for stdio left as it is in a file left on SDK 1.x: what it serves, and what moves it to `serveStdio`. */
export function stdioLeftOnV1Note(relative: string, options: ServingOptions): string {
  const serves = options.modernOnly ? ' (2025-era clients only: --modern-only cannot drop them here, SDK 1.x has no 2026-07-28 path)' : ' (2025-era clients)';
  return `serving: ${relative} — server.connect(new StdioServerTransport()) left on SDK 1.x${serves}: the sdk-v2 step left this file on SDK 1.x (see its note), and serveStdio is SDK v2's; move the file to SDK v2, then run apply again`;
}
