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

describe('chains', () => {
  it('reports the read two helper calls down with the path from the handler, even when the helpers are typed', async () => {
    const report = await scan({ paths: [path.join(FIXTURES, 'v1-streamable-express')] });
    const read = report.findings.find((f) => f.ruleId === 'session-state/session-id-read' && f.file === 'src/cart.ts');
    expect(read?.chain).toEqual([
      "`extra` of registerTool('add_to_cart') callback (src/server.ts:53)",
      'getCart(extra) (src/server.ts:58)',
      'cartKey(extra) (src/cart.ts:29)',
    ]);
    expect(read?.message).toContain(
      "Reached via: `extra` of registerTool('add_to_cart') callback (src/server.ts:53) → getCart(extra) (src/server.ts:58) → cartKey(extra) (src/cart.ts:29).",
    );
  });
});
