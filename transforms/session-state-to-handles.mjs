/**
 * jscodeshift entry of `session-state-to-handles` (an ES module: run jscodeshift with --no-babel,
 * which loads it natively; babel's CommonJS rewrite would break the ESM build it imports):
 *   npx jscodeshift --no-babel -t node_modules/mcp-migrate/transforms/session-state-to-handles.mjs src/cart.ts
 * The logic lives in src/transforms (compiled to dist/); `mcp-migrate apply` runs this same
 * transformer with the cross-file plan. See `mcp-migrate transforms`.
 */
import { handlesTransformer } from '../dist/transforms/catalog.js';
import { withApplyFinishing } from '../dist/apply/finishing.js';

// apply's finishing passes (unused imports, the file header, quotes, line endings) run after the transform, so
// the file ends as `mcp-migrate apply --transforms` leaves it, but for apply's layout of wide added statements.
export default withApplyFinishing(handlesTransformer);
export const parser = 'tsx';
