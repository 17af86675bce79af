import { describe, expect, it } from 'vitest';
import { codeSpan, inlineMarkdown, link, tableRow } from '../../src/reporters/markdown-escape.js';

describe('inlineMarkdown', () => {
  it('keeps code spans as written and escapes Markdown syntax outside them', () => {
    expect(inlineMarkdown('use `Map<K, V>` not <b>*this*</b>')).toBe('use `Map<K, V>` not \\<b\\>\\*this\\*\\</b\\>');
    expect(inlineMarkdown('a_b [x](y) # $1 ~z~ & \\')).toBe('a\\_b \\[x\\](y) \\# \\$1 \\~z\\~ \\& \\\\');
  });

  it('matches code spans by run length, as CommonMark does', () => {
    expect(inlineMarkdown('``a ` b`` c')).toBe('``a ` b`` c');
    expect(inlineMarkdown('`open ``not closed')).toBe('\\`open \\`\\`not closed');
  });

  it('escapes pipes inside and outside code spans only in tables', () => {
    expect(inlineMarkdown('a | `b|c`', { inTable: true })).toBe('a \\| `b\\|c`');
    expect(inlineMarkdown('`b|c`')).toBe('`b|c`');
  });

  it('turns line breaks into <br> in tables and spaces elsewhere', () => {
    expect(inlineMarkdown('one\ntwo\r\nthree', { inTable: true })).toBe('one<br>two<br>three');
    expect(inlineMarkdown('one\ntwo')).toBe('one two');
  });
});

describe('codeSpan', () => {
  it('uses a fence longer than any backtick run inside and pads when needed', () => {
    expect(codeSpan('plain')).toBe('`plain`');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`start')).toBe('`` `start ``');
    expect(codeSpan('x``y')).toBe('```x``y```');
    expect(codeSpan('a|b', { inTable: true })).toBe('`a\\|b`');
  });
});

describe('link and tableRow', () => {
  it('wraps targets with spaces or parentheses in angle brackets', () => {
    expect(link('rule', 'docs/rules/a.md')).toBe('[rule](docs/rules/a.md)');
    expect(link('rule', 'docs/my rules/(a).md')).toBe('[rule](<docs/my rules/(a).md>)');
    expect(link('a_b', 'x.md')).toBe('[a\\_b](x.md)');
  });

  it('joins cells with pipes and keeps empty cells', () => {
    expect(tableRow(['a', '', 'c'])).toBe('| a |   | c |');
  });
});
