#!/usr/bin/env node
// The package.json that ships has no `prepare` script: the tarball carries a built dist/, so an install
// runs nothing (npm warns about packages with install-time scripts). A clone still builds on
// `npm install` through `prepare`. npm runs `prepack` before it reads the files to pack and `postpack`
// after; `prepack` builds first (with `prepare` gone from the manifest npm would not), then `strip`
// sets the original aside and writes the manifest without `prepare`; `restore` puts the original back
// byte for byte. A `strip` that finds an original set aside (a pack that failed before `postpack`)
// restores it first, so the repository's package.json is never lost.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const manifest = path.join(root, 'package.json');
const original = path.join(root, '.package.json.prepack');

function restore() {
  if (fs.existsSync(original)) fs.renameSync(original, manifest);
}

function strip() {
  restore();
  const text = fs.readFileSync(manifest, 'utf8');
  const json = JSON.parse(text);
  if (!json.scripts?.prepare) return;
  delete json.scripts.prepare;
  fs.copyFileSync(manifest, original);
  // Written next to it and renamed: a reader never sees half a package.json.
  fs.writeFileSync(`${manifest}.tmp`, `${JSON.stringify(json, null, 2)}\n`);
  fs.renameSync(`${manifest}.tmp`, manifest);
}

const command = process.argv[2];
if (command === 'strip') strip();
else if (command === 'restore') restore();
else {
  process.stderr.write('usage: pack-manifest.mjs strip|restore\n');
  process.exitCode = 2;
}
