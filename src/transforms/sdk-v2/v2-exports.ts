/**
 * What each SDK v2 entry point exports: the SDK description's table (`frameworks/mcp-sdk-v2-exports.ts`, generated
 * from the pinned packages), read through `analysis/sdk-modules.ts`. `sdk-v2` needs it at run time, when the project
 * still has only v1 installed: a name the official codemod dropped from an import is put back only where v2 really
 * exports it.
 */
export { V2_ENTRY_POINTS, V2_EXPORTS } from '../../analysis/sdk-modules.js';
