/**
 * jscodeshift entry of `handshake-to-request-envelope` (ESM: run jscodeshift with --no-babel):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/handshake-to-request-envelope.mjs src/server.ts
 * The logic lives in src/transforms/handshake-to-request-envelope (compiled to dist/); `mcp-migrate apply` runs the same
 * transformer with the cross-file plan. See `mcp-migrate transforms`.
 */
export { handshakeTransformer as default } from '../dist/transforms/catalog.js';
export const parser = 'tsx';
