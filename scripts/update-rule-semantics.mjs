#!/usr/bin/env node
// Regenerates the rule table of docs/rule-semantics.md from the rule metadata, and README's table of
// what each transform rewrites and marks from the transforms' declarations (run after `npm run build`;
// `npm run docs:rules` does both). test/docs.test.ts and test/fix-status.test.ts fail when they are stale.
import fs from 'node:fs';
import path from 'node:path';
import { RULE_METAS } from '../dist/rules/index.js';
import { withRuleTable, withTransformRuleTable } from '../dist/rule-table.js';
import { TRANSFORMS } from '../dist/transforms/catalog.js';

const regenerate = (relative, update) => {
  const file = path.resolve(import.meta.dirname, '..', relative);
  const before = fs.readFileSync(file, 'utf8');
  const after = update(before);
  if (after !== before) fs.writeFileSync(file, after);
  process.stdout.write(after === before ? `${relative} is up to date\n` : `${relative}: generated table regenerated\n`);
};
regenerate('docs/rule-semantics.md', (doc) => withRuleTable(doc, RULE_METAS));
regenerate('README.md', (doc) => withTransformRuleTable(doc, TRANSFORMS));
