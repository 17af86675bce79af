import { describe, expect, it } from 'vitest';
import { importsZodV3, zodV3ToZod } from '../../src/transforms/sdk-v2/zod-v3-imports.js';

describe('zod/v3 imports in files the SDK v2 move migrates', () => {
  it('reads `zod` in import, export-from, require and dynamic import, quotes kept', () => {
    const text = [
      "import { z } from 'zod/v3';",
      'export { ZodError } from "zod/v3";',
      "const { z: zz } = require('zod/v3');",
      "const lazy = () => import('zod/v3');",
      "const other = 'zod/v3 is a string here';",
    ].join('\n');
    expect(importsZodV3(text)).toBe(true);
    expect(zodV3ToZod(text)).toBe([
      "import { z } from 'zod';",
      'export { ZodError } from "zod";',
      "const { z: zz } = require('zod');",
      "const lazy = () => import('zod');",
      "const other = 'zod/v3 is a string here';",
    ].join('\n'));
  });

  it('leaves a file that may use what zod 4 changed (its `.errors`), and other zod entries', () => {
    const text = "import { z } from 'zod/v3';\nexport const messages = (e: z.ZodError) => e.errors.map((i) => i.message);\n";
    expect(importsZodV3(text)).toBe(true);
    expect(zodV3ToZod(text)).toBeUndefined();
    expect(importsZodV3("import { z } from 'zod/v4';\nimport * as mini from 'zod/v4-mini';\n")).toBe(false);
  });
});
