/**
 * jscodeshift entry of `logging-to-request-scope` (ESM: run jscodeshift with --no-babel):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/logging-to-request-scope.mjs src/server.ts
 * The logic lives in src/transforms/logging-to-request-scope (compiled to dist/); `mcp-migrate apply` runs the same
 * transformer with the cross-file plan. See `mcp-migrate transforms`.
 */
export { loggingTransformer as default } from '../dist/transforms/catalog.js';
export const parser = 'tsx';
