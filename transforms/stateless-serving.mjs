/**
 * jscodeshift entry of `stateless-serving` (an ES module: run jscodeshift with --no-babel):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/stateless-serving.mjs src/index.ts
 * The logic lives in src/transforms/stateless-serving (compiled to dist/); `mcp-migrate apply` runs this same
 * transformer with the cross-file plan. See `mcp-migrate transforms`.
 */
export { servingTransformer as default } from '../dist/transforms/catalog.js';
export const parser = 'tsx';
