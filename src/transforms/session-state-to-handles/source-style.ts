/**
 * The file-style helpers moved to the transform kit (`../kit/source-style.ts`), below every transform. This
 * re-export keeps the imports of the logging and handshake transforms, which other branches are changing
 * at the same time, working; it goes when they import from the kit.
 */
export { flavourOf, indentAt, indentUnit } from '../kit/source-style.js';
