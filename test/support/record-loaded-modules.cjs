// Preloaded with `node --require` by test/support/loaded-modules.ts: when the process exits, write the
// CommonJS modules it loaded (require.cache; TypeScript, ts-morph and jscodeshift are CommonJS) to the
// file named by RECORD_LOADED_MODULES.
const fs = require('node:fs');

process.on('exit', () => {
  fs.writeFileSync(process.env.RECORD_LOADED_MODULES, JSON.stringify(Object.keys(require.cache)));
});
