/**
 * Every fixture project is scanned through the public `scan()` entry point and compared
 * exactly (ruleId, file, line) with its hand-written expected-findings.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scan } from '../src/scan.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const fixtureNames = fs
  .readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(FIXTURES, d.name, 'expected-findings.json')))
  .map((d) => d.name);

interface Expected {
  ruleId: string;
  file: string;
  line: number;
}

const key = (f: Expected): string => `${f.file}:${f.line} ${f.ruleId}`;

describe('fixtures', () => {
  it('has the fixture projects the product promises', () => {
    expect(fixtureNames.length).toBeGreaterThanOrEqual(8);
  });

  for (const name of fixtureNames) {
    it(`${name} matches expected-findings.json`, async () => {
      const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, name, 'expected-findings.json'), 'utf8')) as Expected[];
      const report = await scan({ paths: [path.join(FIXTURES, name)] });
      expect(report.diagnostics).toEqual([]);
      expect(report.findings.map(key).sort()).toEqual(expected.map(key).sort());
    });
  }
});
