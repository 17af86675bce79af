#!/usr/bin/env node
// Regenerates the rule table of docs/rule-semantics.md from the rule metadata (run after
// `npm run build`; `npm run docs:rules` does both). test/docs.test.ts fails when it is stale.
import fs from 'node:fs';
import path from 'node:path';
import { RULE_METAS } from '../dist/rules/index.js';
import { withRuleTable } from '../dist/rule-table.js';

const file = path.resolve(import.meta.dirname, '../docs/rule-semantics.md');
const before = fs.readFileSync(file, 'utf8');
const after = withRuleTable(before, RULE_METAS);
if (after !== before) fs.writeFileSync(file, after);
process.stdout.write(after === before ? 'docs/rule-semantics.md is up to date\n' : 'docs/rule-semantics.md: rule table regenerated\n');
