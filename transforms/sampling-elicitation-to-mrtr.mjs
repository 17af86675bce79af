/**
 * jscodeshift entry of `sampling-elicitation-to-mrtr` (ESM: run jscodeshift with --no-babel):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/sampling-elicitation-to-mrtr.mjs src/server.ts
 * The logic lives in src/transforms/sampling-elicitation-to-mrtr (compiled to dist/); `mcp-migrate apply` runs the same
 * transformer with the cross-file plan. See `mcp-migrate transforms`.
 */
export { mrtrTransformer as default } from '../dist/transforms/catalog.js';
export const parser = 'tsx';
