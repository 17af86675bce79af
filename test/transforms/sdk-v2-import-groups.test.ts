/**
 * keepImportGroupBreaks (src/transforms/sdk-v2/import-groups.ts): the blank lines between a file's import groups survive
 * the official codemod's rewrite of the SDK imports; nothing else changes.
 */
import { describe, expect, it } from 'vitest';
import { dropAddedImportBreaks, keepCommentBreaks, keepImportGroupBreaks } from '../../src/transforms/sdk-v2/import-groups.js';

const BEFORE = `import * as path from 'node:path';

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  StdioServerTransport,
} from '@modelcontextprotocol/sdk/server/stdio.js';

import { z } from 'zod';
import { helper } from './helper.js';

const x = 1;
`;

describe('keepImportGroupBreaks', () => {
  it('puts back the break before the first surviving import of a group (after a multi-line import too)', () => {
    const after = `import * as path from 'node:path';

import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { helper } from './helper.js';

const x = 1;
`;
    expect(keepImportGroupBreaks(BEFORE, after)).toBe(after.replace("@modelcontextprotocol/server';\n", "@modelcontextprotocol/server';\n\n"));
  });

  it('finds the imports below statements that come first (a console.log routed to stderr before anything loads)', () => {
    const prelude = "// stdout stays JSON-RPC\nconsole.log = (...args: unknown[]) => {\n  process.stderr.write(args.join(' ') + '\\n');\n};\n\n";
    const before = `${prelude}import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';\n\nimport { check } from './bearer.js';\n\nconst x = 1;\n`;
    const after = `${prelude}import { serveStdio } from '@modelcontextprotocol/server/stdio';\nimport { McpServer } from '@modelcontextprotocol/server';\nimport { check } from './bearer.js';\n\nconst x = 1;\n`;
    expect(keepImportGroupBreaks(before, after)).toBe(after.replace("@modelcontextprotocol/server';\n", "@modelcontextprotocol/server';\n\n"));
  });

  it('puts back the blank line that set the imports apart from the comment above them (zilliztech/claude-context)', () => {
    const before = "// stdout stays JSON-RPC\n\nimport { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { Context } from '@zilliz/core';\n";
    const after = "// stdout stays JSON-RPC\nimport { Server } from '@modelcontextprotocol/server';\nimport { Context } from '@zilliz/core';\n";
    expect(keepImportGroupBreaks(before, after)).toBe(after.replace('JSON-RPC\n', 'JSON-RPC\n\n'));
  });

  it('keeps CRLF line endings', () => {
    const crlf = (s: string) => s.replace(/\n/g, '\r\n');
    const after = `import * as path from 'node:path';\n\nimport { McpServer } from '@modelcontextprotocol/server';\nimport { z } from 'zod';\n\nconst x = 1;\n`;
    expect(keepImportGroupBreaks(crlf(BEFORE), crlf(after))).toBe(crlf(after.replace("server';\n", "server';\n\n")));
  });

  it('changes nothing when the file had no breaks, when they are all still there, or past the leading imports', () => {
    const flat = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\n`;
    const migrated = `import { McpServer } from '@modelcontextprotocol/server';\nimport { z } from 'zod';\n`;
    expect(keepImportGroupBreaks(flat, migrated)).toBe(migrated);
    const kept = `import * as path from 'node:path';\n\nimport { McpServer } from '@modelcontextprotocol/server';\n\nimport { z } from 'zod';\n`;
    expect(keepImportGroupBreaks(BEFORE, kept)).toBe(kept);
    // An import the codemod moved into another group's place is not split off from it.
    const merged = `import { z } from 'zod';\nimport * as path from 'node:path';\nimport { McpServer } from '@modelcontextprotocol/server';\n`;
    expect(keepImportGroupBreaks(`import * as path from 'node:path';\n\nimport { z } from 'zod';\n`, merged)).toBe(merged);
  });

  it('reads `import x = require(…)` as a declaration of its module (TypeScript CommonJS)', () => {
    const before = `import fs = require('node:fs');\n\nimport { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n\nimport { z } from 'zod';\n`;
    const after = `import fs = require('node:fs');\n\nimport { McpServer } from '@modelcontextprotocol/server';\nimport { z } from 'zod';\n`;
    expect(keepImportGroupBreaks(before, after)).toBe(after.replace("server';\n", "server';\n\n"));
  });
});

describe('dropAddedImportBreaks', () => {
  // twilio-labs/mcp (sweep 6 D15): the SDK import, a multi-line declaration right above a project import, came back
  // from the codemod with a blank line after it.
  const before = `import { join } from 'path';

import {
  ReadResourceRequest,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import {
  API,
} from '@twilio-alpha/openapi-mcp-server';

import { Credentials } from '@app/types';
`;

  it('takes out the blank line the codemod put after the SDK import it wrote, where the file had none', () => {
    const after = before.replace("} from '@modelcontextprotocol/sdk/types.js';\n", "} from '@modelcontextprotocol/server';\n\n");
    expect(dropAddedImportBreaks(before, after)).toBe(before.replace("'@modelcontextprotocol/sdk/types.js'", "'@modelcontextprotocol/server'"));
  });

  it("keeps the file's own breaks, and a blank line below the SDK import the file had", () => {
    const after = before.replace("'@modelcontextprotocol/sdk/types.js'", "'@modelcontextprotocol/server'");
    expect(dropAddedImportBreaks(before, after)).toBe(after);
    const separated = before.replace("sdk/types.js';\nimport {\n  API", "sdk/types.js';\n\nimport {\n  API");
    const migrated = separated.replace("'@modelcontextprotocol/sdk/types.js'", "'@modelcontextprotocol/server'");
    expect(dropAddedImportBreaks(separated, migrated)).toBe(migrated);
  });
});

describe('keepCommentBreaks', () => {
  const before = ["import type { Context } from 'hono';", "import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';", '', '// Import server configuration constants', "import { SERVER_NAME } from './index.js';", '', 'run();', ''].join('\n');

  it('puts the blank line back above a comment the codemod cut off from the import it describes (sweep 9 G10)', () => {
    const after = ["import type { Context } from 'hono';", "import type { Transport } from '@modelcontextprotocol/server';", '// Import server configuration constants', '', "import { SERVER_NAME } from './index.js';", '', 'run();', ''].join('\n');
    expect(keepCommentBreaks(before, after)).toBe(["import type { Context } from 'hono';", "import type { Transport } from '@modelcontextprotocol/server';", '', '// Import server configuration constants', "import { SERVER_NAME } from './index.js';", '', 'run();', ''].join('\n'));
  });

  it('changes nothing where the comment kept its place, or where the comment lines differ', () => {
    const kept = before.replace('@modelcontextprotocol/sdk/shared/transport.js', '@modelcontextprotocol/server');
    expect(keepCommentBreaks(before, kept)).toBe(kept);
    const edited = kept.replace('// Import server configuration constants\n', '// Server constants\n\n').replace("'@modelcontextprotocol/server';\n\n", "'@modelcontextprotocol/server';\n");
    expect(keepCommentBreaks(before, edited)).toBe(edited);
  });
});
