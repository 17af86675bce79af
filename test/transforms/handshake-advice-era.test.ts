/**
 * handshake-to-request-envelope: which SDK's advice a file's markers give. A file importing nothing of the SDK (a helper
 * handed the server) follows the program: v2's advice when a file of it is on SDK v2 (review 42 S42-4), SDK 1.x's
 * otherwise and on `--target stateless-v1`.
 */
import { describe, expect, it } from 'vitest';
import { ts } from '../../src/typescript.js';
import { adviceOnSdkV1, onSdkV1 } from '../../src/transforms/handshake-to-request-envelope/envelope-read.js';

const file = (name: string, text: string) => ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
const helper = file('hooks.ts', 'export function logClient(server: { oninitialized?: () => void }) { server.oninitialized = () => {}; }\n');
const onV2 = file('server.ts', "import { McpServer } from '@modelcontextprotocol/server';\nexport const server = new McpServer({ name: 'x', version: '1' });\n");
const onV1 = file('server.ts', "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const server = new McpServer({ name: 'x', version: '1' });\n");

describe('adviceOnSdkV1', () => {
  it('gives an import-less helper the advice of the program it is in', () => {
    expect(adviceOnSdkV1(helper, { target: '2026-07-28' }, [helper, onV2])).toBe(false);
    expect(adviceOnSdkV1(helper, { target: '2026-07-28' }, [helper, onV1])).toBe(true);
    expect(adviceOnSdkV1(helper, { target: 'stateless-v1' }, [helper, onV2])).toBe(true);
  });

  it("follows a file's own imports, and leaves the rewrites' test as it was", () => {
    expect(adviceOnSdkV1(onV2, { target: '2026-07-28' }, [onV2])).toBe(false);
    expect(adviceOnSdkV1(onV1, { target: '2026-07-28' }, [onV1, onV2])).toBe(true);
    expect(onSdkV1(helper, { target: '2026-07-28' })).toBe(true);
  });
});
