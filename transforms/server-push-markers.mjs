/**
 * jscodeshift entry of `server-push-markers` (ESM: run jscodeshift with --no-babel):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/server-push-markers.mjs src/server.ts
 * The logic lives in src/transforms/server-push-markers (compiled to dist/); `mcp-migrate apply` runs the same
 * transformer with the cross-file plan. See `mcp-migrate transforms`.
 */
export { serverPushTransformer as default } from '../dist/transforms/catalog.js';
export const parser = 'tsx';
