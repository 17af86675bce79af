/**
 * jscodeshift entry of `stateless-serving` (an ES module: run jscodeshift with --no-babel):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/stateless-serving.mjs src/index.ts
 * The logic lives in src/transforms/stateless-serving (compiled to dist/); `mcp-migrate apply` runs this same
 * transformer with the cross-file plan. See `mcp-migrate transforms`.
 */
import { servingTransformer } from '../dist/transforms/catalog.js';
import { withApplyFinishing } from '../dist/apply/finishing.js';

// apply's finishing passes (unused imports, the file header, quotes, line endings) run after the transform, so
// the file ends as `mcp-migrate apply --transforms` leaves it, but for apply's layout of wide added statements.
export default withApplyFinishing(servingTransformer);
export const parser = 'tsx';
