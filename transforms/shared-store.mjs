/**
 * jscodeshift entry of `shared-store` (an ES module: run jscodeshift with --no-babel,
 * which loads it natively; babel's CommonJS rewrite would break the ESM build it imports):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/shared-store.mjs src/cart.ts --store=redis
 * The logic lives in src/transforms (compiled to dist/); `mcp-migrate apply` runs this same
 * transformer with the cross-file plan. See `mcp-migrate transforms`.
 */
export { sharedStoreTransformer as default } from '../dist/transforms/catalog.js';
export const parser = 'tsx';
