/**
 * The one place ts-morph is loaded. It is a CommonJS package: importing it from ESM makes
 * Node run its CJS export lexer over ts-morph on every start (~70 ms of a ~1 s scan), so it
 * is loaded with `require` instead (TypeScript emits `createRequire` for this form).
 * Everything else imports `ts` and `Project` from here.
 */
import tsMorph = require('ts-morph');

export import ts = tsMorph.ts;
export const Project = tsMorph.Project;
export type Project = tsMorph.Project;
