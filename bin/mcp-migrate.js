#!/usr/bin/env node
import module from 'node:module';
import { installTsCodeCache } from './ts-code-cache.js';

// Most of a small scan is V8 compiling TypeScript's 9 MB compiler; cache the compiled code
// between runs where Node has this built in (≥ 22.1). (The v8-compile-cache package did the same
// on Node 20 with no measurable gain on a scan: cpu ratio 1.03 with/without, farm-bench.) Caching
// is an optimisation only: any failure leaves a normal, uncached start.
try {
  if (typeof module.enableCompileCache === 'function') module.enableCompileCache();
} catch {
  /* no cache */
}
// The compiler bundle itself gets a cache written *after* an analysing run, so that it holds the
// functions the scan compiled lazily (parser, binder, checker), not only the bundle's top level.
const tsCodeCache = installTsCodeCache();

const { main, processIo } = await import('../dist/cli.js');

// `mcp-migrate scan | head` closes stdout early: that is the reader's choice, not a crash. Ignore the
// broken pipe and let the run finish, so the exit code is still the one the scan decides.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
});

main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
    tsCodeCache?.save(code !== 2 && process.argv.slice(2).some((arg) => arg === 'scan' || arg === 'apply'));
  },
  (error) => {
    process.stderr.write(`mcp-migrate: internal error: ${error?.stack ?? error}\n`);
    process.exitCode = 2;
  },
);
