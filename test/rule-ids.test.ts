/** The rule-id table that transforms and descriptions name rules by is the catalogue's own list of ids. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../src/model.js';
import { RULE_ID } from '../src/rule-ids.js';
import { RULES } from '../src/rules/index.js';

const TRANSFORMS = path.resolve(import.meta.dirname, '../src/transforms');

const camelCase = (name: string): string => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('RULE_ID', () => {
  it('names every rule of the catalogue, in catalogue order, and nothing else', () => {
    expect(Object.values(RULE_ID)).toEqual(RULES.map((rule) => rule.meta.id));
  });

  it('keys each id by the camelCase of its name, so a key cannot stand for another rule', () => {
    for (const [key, id] of Object.entries(RULE_ID)) expect(key, id).toBe(camelCase(id.split('/')[1]!));
  });

  it('is where transforms get rule ids: none writes one out, in a string, a template or a longer text', () => {
    // Any `<category>/<name>` outside a comment line: `'session-state/keyed-store'`, `` `handshake/roots` ``, or
    // `'@mcp-migrate-todo(server-push/ping): …'` alike.
    const literal = new RegExp(`(?:^|[^\\w-])(?:${CATEGORIES.join('|')})/[a-z]`);
    const comment = /^\s*(?:\/\/|\/\*|\*)/;
    const found: string[] = [];
    for (const file of fs.readdirSync(TRANSFORMS, { recursive: true, encoding: 'utf8' })) {
      if (!/\.[cm]?ts$/.test(file)) continue;
      const lines = fs.readFileSync(path.join(TRANSFORMS, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!comment.test(line) && literal.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
