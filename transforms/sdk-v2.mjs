/**
 * jscodeshift entry of `sdk-v2` (an ES module: run jscodeshift with --no-babel):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/sdk-v2.mjs src/server.ts
 * It runs the official @modelcontextprotocol/codemod v1-to-v2 transforms on the file and returns
 * the minimal edits; `mcp-migrate apply` runs this same transformer on the whole project (and edits
 * package.json). See `mcp-migrate transforms`.
 */
import { sdkV2Transformer } from '../dist/transforms/catalog.js';
import { withApplyFinishing } from '../dist/apply/finishing.js';

// apply's finishing passes (unused imports, the file header, quotes, line endings) run after the transform, so
// the file ends as `mcp-migrate apply --transforms` leaves it, but for apply's layout of wide added statements.
export default withApplyFinishing(sdkV2Transformer);
export const parser = 'tsx';
