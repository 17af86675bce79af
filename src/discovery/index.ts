/** Public surface of discovery: walking inputs, reading files, tsconfig lookup and import resolution. */
export { discoverFiles, DEFAULT_MAX_FILE_BYTES } from './discover.js';
export type { DiscoverOptions, DiscoveredFile, DiscoveryResult } from './discover.js';
export { readSourceFile } from './read.js';
export type { ReadResult } from './read.js';
export {
  findNearestTsconfig,
  loadProjectConfig,
  loadConfigForFile,
  parseProjectConfig,
  clearTsconfigCache,
} from './tsconfig.js';
export type { ProjectConfig } from './tsconfig.js';
export { createModuleResolver } from './resolve.js';
export type { ModuleResolver, ModuleResolverOptions } from './resolve.js';
export { SOURCE_EXTENSIONS, SKIPPED_DIR_NAMES, isSourceFileName } from './extensions.js';
