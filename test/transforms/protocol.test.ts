/**
 * The protocol transforms of issue 6 (handshake, logging, sampling/elicitation/roots, server push),
 * driven by the fixture pairs in transforms/__testfixtures__/<transform>/: `<case>.input.<ext>` /
 * `<case>.output.<ext>` (ext ts, js or cjs), run with ONLY that transform. A case whose name ends in
 * `-stateless-v1` runs with `--target stateless-v1`; one ending in `-modern-only` with `--modern-only`.
 *
 * For each case: the input and the expected output type-check against the real SDK packages; `runApply`
 * on a copy gives exactly the expected output, with exactly the markers the expected output holds; a
 * second run changes nothing; the actual output type-checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { parseMarkers } from '../../src/markers.js';
import { PROTOCOL_TRANSFORMS, protocolCaseOptions } from '../support/fixture-options.js';
import { cleanUpMaterialised as cleanUp, materialise, prepareTypeChecks, readTree, ROOT, typeCheck } from '../support/transform-fixtures.js';

const TRANSFORMS = PROTOCOL_TRANSFORMS;

interface Case {
  transform: string;
  name: string;
  file: string;
  input: string;
  output: string;
}

function loadCases(): Case[] {
  const cases: Case[] = [];
  for (const transform of TRANSFORMS) {
    const dir = path.join(ROOT, 'transforms', '__testfixtures__', transform);
    for (const entry of fs.readdirSync(dir).sort()) {
      const match = /^(.+)\.input\.(ts|js|cjs)$/.exec(entry);
      if (!match) continue;
      const [, name, ext] = match as unknown as [string, string, string];
      cases.push({
        transform,
        name,
        file: `server.${ext}`,
        input: fs.readFileSync(path.join(dir, entry), 'utf8'),
        output: fs.readFileSync(path.join(dir, `${name}.output.${ext}`), 'utf8'),
      });
    }
  }
  return cases;
}

/** The options a case's name asks for: `-stateless-v1`, `-modern-only`. */
const optionsOf = protocolCaseOptions;

const markerLines = (text: string) => parseMarkers(text).map((m) => m.lineText.trim());

const cases = loadCases();

describe('protocol transforms fixtures', () => {
  afterAll(cleanUp);
  // Inputs and expected outputs are type-checked together (one Program per option set), before the cases ask.
  beforeAll(() => prepareTypeChecks('protocol', cases.flatMap((c) => [new Map([[c.file, c.input]]), new Map([[c.file, c.output]])])), 600_000);

  it('finds cases for every transform, TS and JS', () => {
    for (const transform of TRANSFORMS) {
      const mine = cases.filter((c) => c.transform === transform);
      expect(mine.length, transform).toBeGreaterThanOrEqual(2);
      expect(mine.some((c) => c.file.endsWith('.ts')), `${transform}: a TS case`).toBe(true);
      expect(mine.some((c) => !c.file.endsWith('.ts')), `${transform}: a JS case`).toBe(true);
    }
  });

  for (const c of cases) {
    describe(`${c.transform}: ${c.name}`, () => {
      const run = (() => {
        let done: Promise<{ dir: string; first: Awaited<ReturnType<typeof runApply>> }> | undefined;
        return () => {
          done ??= (async () => {
            const dir = materialise(`${c.name}-run`, new Map([[c.file, c.input]]));
            const first = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [c.transform], transformOptions: optionsOf(c.name) });
            return { dir, first };
          })();
          return done;
        };
      })();

      it('input and expected output type-check against the SDK packages', () => {
        expect(typeCheck(materialise(`${c.name}-in`, new Map([[c.file, c.input]])))).toBe('');
        expect(typeCheck(materialise(`${c.name}-exp`, new Map([[c.file, c.output]])))).toBe('');
      });

      it('apply gives the expected output and its markers, then nothing on a second run', async () => {
        const { dir, first } = await run();
        expect(first.failures).toEqual([]);
        const actual = readTree(dir);
        actual.delete('package.json');
        expect([...actual.keys()]).toEqual([c.file]);
        expect(actual.get(c.file)).toBe(c.output);
        const expectedMarkers = markerLines(c.output).filter((m) => !markerLines(c.input).includes(m));
        expect(new Set(first.markers.map((m) => m.ruleId))).toEqual(new Set(parseMarkers(c.output).filter((m) => expectedMarkers.includes(m.lineText.trim())).map((m) => m.ruleId)));
        const second = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [c.transform], transformOptions: optionsOf(c.name) });
        expect(second.failures).toEqual([]);
        expect(second.changes.map((ch) => path.relative(dir, ch.file))).toEqual([]);
      });

      it("apply's output type-checks against the SDK packages", async () => {
        const { dir } = await run();
        expect(typeCheck(materialise(`${c.name}-out`, new Map([[c.file, readTree(dir).get(c.file)!]])))).toBe('');
      });
    });
  }
});
