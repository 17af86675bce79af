/**
 * jscodeshift entry of `sdk-v2` (an ES module: run jscodeshift with --no-babel):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/sdk-v2.mjs src/server.ts
 * It runs the official @modelcontextprotocol/codemod v1-to-v2 transforms on the file and returns
 * the minimal edits; `mcp-migrate apply` runs this same transformer on the whole project (and edits
 * package.json). See `mcp-migrate transforms`.
 */
export { sdkV2Transformer as default } from '../dist/transforms/catalog.js';
export const parser = 'tsx';
