/**
 * jscodeshift entry of `logging-to-request-scope` (ESM: run jscodeshift with --no-babel):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/logging-to-request-scope.mjs src/server.ts
 * The logic lives in src/transforms/logging-to-request-scope (compiled to dist/); `mcp-migrate apply` runs the same
 * transformer with the cross-file plan. See `mcp-migrate transforms`.
 */
import { loggingTransformer } from '../dist/transforms/catalog.js';
import { withApplyFinishing } from '../dist/apply/finishing.js';

// apply's finishing passes (unused imports, the file header, quotes, line endings) run after the transform, so
// the file ends as `mcp-migrate apply --transforms` leaves it, but for apply's layout of wide added statements.
export default withApplyFinishing(loggingTransformer);
export const parser = 'tsx';
