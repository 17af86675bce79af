/**
 * What a rewritten file keeps of its original: the comments at its top and its line endings.
 */
import { describe, expect, it } from 'vitest';
import { keepFileHeader, keepLineEndings } from '../../src/apply/file-conventions.js';

const LICENCE = '/**\n * @license\n * Copyright 2026 Example Corp.\n */\n';

describe('keepFileHeader', () => {
  it('does not put back a comment the migrated text holds with other line endings (review 39b S3: a CRLF JSDoc came out twice)', () => {
    const before = '// Copyright 2024 Example\r\n\r\n/**\r\n * Registers the tools.\r\n */\r\nfunction registerTools(server) {}\r\n';
    const after = "// Copyright 2024 Example\n\nconst { z } = require('zod');\n\n/**\n * Registers the tools.\n */\nfunction registerTools(server) {}\n";
    expect(keepFileHeader(before, after)).toBe(after);
  });

  it('puts back a header lost with the first import', () => {
    const before = `${LICENCE}import { a } from 'a';\nimport { b } from 'b';\n`;
    expect(keepFileHeader(before, "import { b } from 'b';\n")).toBe(`${LICENCE}import { b } from 'b';\n`);
  });

  it('keeps the blank line that followed it, and puts it after a shebang', () => {
    const before = `#!/usr/bin/env node\n// Copyright 2026 Example Corp.\n// SPDX-License-Identifier: MIT\n\nimport { a } from 'a';\nrun(a);\n`;
    expect(keepFileHeader(before, '#!/usr/bin/env node\nrun(b);\n')).toBe('#!/usr/bin/env node\n// Copyright 2026 Example Corp.\n// SPDX-License-Identifier: MIT\n\nrun(b);\n');
  });

  it('changes nothing when the header is still there', () => {
    const before = `${LICENCE}import { a } from 'a';\n`;
    const after = `${LICENCE}import { a2 } from 'a2';\n`;
    expect(keepFileHeader(before, after)).toBe(after);
  });

  it('puts back only the comments lost, in their place among those kept', () => {
    const before = `// Copyright 2026 Example Corp.\n\n/** @fileoverview The tools. */\nimport { a } from 'a';\n`;
    const after = "// Copyright 2026 Example Corp.\n\nimport { b } from 'b';\n";
    expect(keepFileHeader(before, after)).toBe("// Copyright 2026 Example Corp.\n\n/** @fileoverview The tools. */\nimport { b } from 'b';\n");
  });

  it('does not put back a directive about the removed statement, nor what follows it', () => {
    const before = `${LICENCE}// eslint-disable-next-line import/no-unresolved\nimport { a } from 'a';\n`;
    expect(keepFileHeader(before, "import { b } from 'b';\n")).toBe(`${LICENCE}import { b } from 'b';\n`);
  });

  it('does not duplicate a comment a transform moved further down', () => {
    const before = `// the SDK\nimport { a } from 'a';\n`;
    const after = "import { b } from 'b';\n// the SDK\nimport { a } from 'a2';\n";
    expect(keepFileHeader(before, after)).toBe(after);
  });

  it('does not duplicate a comment a transform both moved down and edited (sweep 33 AG3: a JSDoc below an added require, its import() type moved to v2)', () => {
    const doc = (specifier: string) => `/**\n * Registers the tools.\n * @param {import('${specifier}').McpServer} server\n */\n`;
    const before = `${doc('@modelcontextprotocol/sdk/server/mcp.js')}function registerTools(server) {}\n`;
    const after = `const { z } = require('zod');\n${doc('@modelcontextprotocol/server')}function registerTools(server) {}\n`;
    expect(keepFileHeader(before, after)).toBe(after);
  });

  it('keeps a transform\'s edit of the header instead of adding the old one back', () => {
    const before = "/**\n * The tools.\n * @see RequestHandlerExtra\n */\nimport { a } from 'a';\n";
    const after = "/**\n * The tools.\n * @see ServerContext\n */\nimport { b } from 'b';\n";
    expect(keepFileHeader(before, after)).toBe(after);
  });

  it('leaves a file without top comments alone', () => {
    expect(keepFileHeader("import { a } from 'a';\n", "import { b } from 'b';\n")).toBe("import { b } from 'b';\n");
  });
});

describe('keepLineEndings', () => {
  it('makes the lines a transform added end in CRLF when the file did throughout', () => {
    expect(keepLineEndings('a;\r\nb;\r\n', 'a;\r\nnew;\nb;\r\n')).toBe('a;\r\nnew;\r\nb;\r\n');
  });

  it('leaves LF files as the transform made them', () => {
    expect(keepLineEndings('a;\nb;\n', 'a;\nnew;\nb;\n')).toBe('a;\nnew;\nb;\n');
  });

  it('in a file that mixes both, gives each line of the file its own ending back and added lines the most common (review 40 R40-14)', () => {
    expect(keepLineEndings('a;\r\nb;\n', 'a;\r\nnew;\nb;\n')).toBe('a;\r\nnew;\nb;\n');
    // A printer that made every line CRLF: the LF lines the run did not touch get their LF back.
    expect(keepLineEndings('a;\r\nb;\nc;\n', 'a;\r\nnew;\r\nb;\r\nc;\r\n')).toBe('a;\r\nnew;\nb;\nc;\n');
    expect(keepLineEndings('a;\r\nb;\r\nc;\n', 'a;\nnew;\nb;\nc;\n')).toBe('a;\r\nnew;\r\nb;\r\nc;\n');
  });
});
