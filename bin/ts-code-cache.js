// A V8 code cache for the TypeScript compiler bundle, written after a run that used it.
//
// A code cache made right after compiling a script (what v8-compile-cache and Node's own compile
// cache store) holds only the functions V8 compiled eagerly: for TypeScript that is little more
// than the bundle's top level, and a scan then compiles the parser, binder and checker lazily,
// function by function, on every run. A cache made with `script.createCachedData()` *after* the
// scan holds every function compiled so far, so the next run starts with them compiled.
//
// Keyed by the bundle's path, size and mtime and by the Node version (V8 rejects a cache made by
// another V8 or with other flags; it is then rewritten). Any failure leaves a normal start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

const BUNDLE = /[\\/]@ts-morph[\\/]common[\\/]dist[\\/]typescript\.js$/;

export function installTsCodeCache() {
  if (process.env.MCP_MIGRATE_NO_TS_CODE_CACHE) return undefined;
  try {
    const Module = module.Module ?? module;
    const previous = Module.prototype._compile;
    let entry;
    Module.prototype._compile = function (content, filename, ...rest) {
      if (entry || !BUNDLE.test(filename)) return previous.call(this, content, filename, ...rest);
      let file;
      let cachedData;
      try {
        const stat = fs.statSync(filename);
        const key = crypto.createHash('sha1').update(`${filename}\0${stat.size}\0${stat.mtimeMs}\0${process.version}\0${process.arch}`).digest('hex');
        file = path.join(privateCacheDir(), `${key}.bin`);
        cachedData = fs.readFileSync(file);
      } catch {
        /* no cache yet */
      }
      let script;
      try {
        script = new vm.Script(Module.wrap(content), { filename, cachedData });
      } catch {
        return previous.call(this, content, filename, ...rest);
      }
      entry = { script, file, fresh: cachedData === undefined || script.cachedDataRejected === true };
      const wrapper = script.runInThisContext({ displayErrors: true });
      const require = module.createRequire(filename);
      return wrapper.call(this.exports, this.exports, require, this, filename, path.dirname(filename));
    };
    return {
      /** Writes the cache when there is none (or V8 rejected it) and this run analysed code. */
      save(analysed) {
        Module.prototype._compile = previous;
        if (!entry?.file || !entry.fresh || !analysed) return;
        try {
          const data = entry.script.createCachedData();
          const tmp = `${entry.file}.${process.pid}.tmp`;
          fs.writeFileSync(tmp, data);
          fs.renameSync(tmp, entry.file);
        } catch {
          /* read-only tmp, full disk: run uncached next time */
        }
      },
    };
  } catch {
    return undefined;
  }
}

/**
 * The cache directory in the shared temp folder: created with mode 0700, and used only when it is a real
 * directory (not a link) owned by this user that no one else can write — a cache planted by another user
 * is never loaded. Throws otherwise (the caller then starts without a cache).
 */
function privateCacheDir() {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const dir = path.join(os.tmpdir(), `mcp-migrate-code-cache-${uid ?? os.userInfo().username}`);
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if (error?.code !== 'EEXIST') throw error;
  }
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (process.platform !== 'win32' && (stat.mode & 0o022) !== 0)) {
    throw new Error(`unsafe code cache directory ${dir}`);
  }
  return dir;
}
