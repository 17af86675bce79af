/**
 * The section banner above a removed HTTP+SSE endpoint (sweep 7 E13, Klavis-AI/klavis): found only when it stands
 * on its own above the endpoint's first statement and names HTTP+SSE alone.
 */
import { describe, expect, it } from 'vitest';
import { sseSectionBanner } from '../../src/transforms/stateless-serving/legacy-sse.js';

const at = (text: string) => text.indexOf('const transports');
const removed = (text: string) => {
  const range = sseSectionBanner(text, at(text));
  return range ? text.slice(range.start, range.end) : undefined;
};

describe('sseSectionBanner', () => {
  it('is the banner one blank line above the comments of the first removed statement, with the blank line above it', () => {
    const text = `app.all('/mcp', h);\n\n// ====\n// DEPRECATED HTTP+SSE TRANSPORT (PROTOCOL VERSION 2024-11-05)\n// ====\n\n// a lookup from session id to transport\nconst transports = new Map();\n`;
    expect(removed(text)).toBe('\n// ====\n// DEPRECATED HTTP+SSE TRANSPORT (PROTOCOL VERSION 2024-11-05)\n// ====\n');
  });

  it('is none for a banner heading both transports, a comment that does not name HTTP+SSE, or comments under code', () => {
    expect(removed(`x();\n\n// HTTP+SSE and Streamable HTTP endpoints\n\nconst transports = new Map();\n`)).toBeUndefined();
    expect(removed(`x();\n\n// Routes\n\nconst transports = new Map();\n`)).toBeUndefined();
    expect(removed(`x();\n// SSE clients below\n\nconst transports = new Map();\n`)).toBeUndefined();
    // Attached to the statement (no blank line between): the statement's own comment, removed with it.
    expect(removed(`x();\n\n// SSE sessions\nconst transports = new Map();\n`)).toBeUndefined();
  });
});
