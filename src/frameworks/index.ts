/**
 * The framework descriptions (`fastmcp.ts`, `cloudflare-agents.ts`, `mcp-handler.ts`,
 * `mcp-framework.ts`, `hono-mcp.ts`; the vendored SDK in `vendored-sdk.ts`): data only. The analysis interprets
 * them (`src/analysis/framework-modules.ts`, `src/analysis/framework-values.ts`) and finds their
 * sites (`src/analysis/framework-sites.ts`), which the rules report (`src/rules/with-frameworks.ts`).
 */
import { cloudflareAgents } from './cloudflare-agents.js';
import { fastmcp } from './fastmcp.js';
import { honoMcp } from './hono-mcp.js';
import { mcpFramework } from './mcp-framework.js';
import { mcpHandler } from './mcp-handler.js';
import type { FrameworkDescription } from './types.js';

export type { FrameworkDescription } from './types.js';

export const FRAMEWORKS: readonly FrameworkDescription[] = [fastmcp, cloudflareAgents, mcpHandler, mcpFramework, honoMcp];
export const FRAMEWORKS_BY_ID: ReadonlyMap<string, FrameworkDescription> = new Map(FRAMEWORKS.map((f) => [f.id, f]));
