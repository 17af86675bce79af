#!/usr/bin/env node
// Regenerates schema/mcp-migrate.config.schema.json from the configuration's tables and the rule
// metadata (run after `npm run build`; `npm run schema` does both). test/config-schema.test.ts fails
// while the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { renderConfigSchema } from '../dist/config-schema.js';
import { RULE_METAS } from '../dist/rules/index.js';

const file = path.resolve(import.meta.dirname, '..', 'schema/mcp-migrate.config.schema.json');
const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
const after = renderConfigSchema(RULE_METAS);
if (after !== before) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, after);
}
process.stdout.write(after === before ? 'schema/mcp-migrate.config.schema.json is up to date\n' : 'schema/mcp-migrate.config.schema.json regenerated\n');
