import { describe, expect, it } from 'vitest';
import type { ScanReport } from '../../src/model.js';
import { FORMATS, isFormatName, render, type FormatName, type RenderOptions } from '../../src/reporters/index.js';
import { SAMPLE_REPORT, SAMPLE_RULES } from '../support/sample-report.js';

const options: RenderOptions = { rules: SAMPLE_RULES, color: false, failOn: 'error' };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe('reporter registry', () => {
  it('registers exactly the six formats', () => {
    expect([...FORMATS].sort()).toEqual(['github', 'gitlab', 'json', 'markdown', 'sarif', 'text']);
    for (const format of FORMATS) expect(isFormatName(format)).toBe(true);
    expect(isFormatName('html')).toBe(false);
  });

  it('rejects an unknown format with the list of known ones', () => {
    expect(() => render('html' as FormatName, SAMPLE_REPORT, options)).toThrow(/text, json, markdown, sarif, github, gitlab/);
  });

  it.each(FORMATS)('%s is a pure function: no mutation of the report, same output twice, trailing newline', (format) => {
    // A frozen report makes any in-place sort or edit throw (ESM is strict mode).
    const frozen = deepFreeze(structuredClone(SAMPLE_REPORT)) as ScanReport;
    const first = render(format, frozen, options);
    expect(render(format, frozen, options)).toBe(first);
    expect(first.endsWith('\n')).toBe(true);
    expect(first.endsWith('\n\n')).toBe(false);
  });

  it.each(FORMATS)('%s writes no colour codes unless asked (TERM=dumb, NO_COLOR, files and pipes get plain text)', (format) => {
    expect(render(format, SAMPLE_REPORT, { ...options, color: false })).not.toMatch(/\x1b\[/);
  });

  it.each(FORMATS)('%s does not depend on the order findings arrive in', (format) => {
    const reversed = { ...SAMPLE_REPORT, findings: [...SAMPLE_REPORT.findings].reverse() };
    expect(render(format, reversed, options)).toBe(render(format, SAMPLE_REPORT, options));
  });
});
