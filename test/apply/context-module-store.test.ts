/**
 * A session-keyed store declared in a module outside the migrated paths (TheLunarCompany/lunar: the gateway's
 * `SystemStateTracker` in services/system-state.ts, reached from a tool registered in server/): the analysis
 * loads that module for resolution, sdk-v2 moves its imports (it is inside the report root), and the handles
 * transform marks the store there. Two faults lived here:
 *  - the handles transform planned its edits against the module's text on disk while the run held sdk-v2's
 *    text of it, so its markers landed mid-token and the run failed (`asMigrated` in apply.ts);
 *  - the store, a class field, got its registry as a field beside it, reached as `this.<registry>` from a
 *    module-level tool, where `this` is not the class's instance: such a store is marked instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { assertParses } from '../../src/apply/syntax-check.js';
import { tempTree } from '../support/temp-tree.js';

const SYSTEM_STATE = `import {
  Prompt as McpPrompt,
  Tool as McpTool,
} from "@modelcontextprotocol/sdk/types.js";

interface ConnectedClient {
  sessionId: string;
  connectedAt: number;
  tools: McpTool[];
  prompts: McpPrompt[];
}

export class SystemStateTracker {
  private connectedClientsBySessionId = new Map<string, ConnectedClient>();

  recordClientConnected(client: { sessionId: string }): void {
    this.connectedClientsBySessionId.set(client.sessionId, {
      sessionId: client.sessionId,
      connectedAt: Date.now(),
      tools: [],
      prompts: [],
    });
  }

  recordToolCall(call: { sessionId?: string; name: string }): void {
    if (call.sessionId) {
      const client = this.connectedClientsBySessionId.get(call.sessionId);
      if (client) client.connectedAt = Date.now();
    }
  }
}
`;

const GATEWAY = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { SystemStateTracker } from "../services/system-state.js";

const state = new SystemStateTracker();
export const server = new McpServer({ name: "gw", version: "1.0.0" });

server.tool("hello", { who: z.string() }, async ({ who }, extra) => {
  state.recordClientConnected({ sessionId: extra.sessionId! });
  state.recordToolCall({ sessionId: extra.sessionId, name: "hello" });
  return { content: [{ type: "text", text: \`hello \${who}\` }] };
});
`;

const PACKAGE = '{ "name": "gw", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.20.0", "zod": "^3.25.0" } }\n';

describe('apply: a store in a module outside the migrated paths', () => {
  it('migrates in one run that fails no transform, marks the store, and a second run changes nothing', async () => {
    const dir = tempTree({
      'package.json': PACKAGE,
      'src/services/system-state.ts': SYSTEM_STATE,
      'src/services/audit.ts': 'export function audit(line: string): void {\n  console.error(line);\n}\n',
      'src/server/gateway.ts': GATEWAY,
    });
    // The paths leave system-state.ts out but put it inside the report root (src/), as lunar's inventory does.
    const options = { paths: [path.join(dir, 'src/server'), path.join(dir, 'src/services/audit.ts')], cwd: dir, allowDirty: true, typecheck: false };
    const first = await runApply(options);
    expect(first.failures).toEqual([]);
    const state = fs.readFileSync(path.join(dir, 'src/services/system-state.ts'), 'utf8');
    const gateway = fs.readFileSync(path.join(dir, 'src/server/gateway.ts'), 'utf8');
    // sdk-v2 moved the module's import, and the markers sit on whole lines of that text.
    expect(state).toContain("} from '@modelcontextprotocol/server';");
    expect(() => assertParses('system-state.ts', state)).not.toThrow();
    // Offsets planned against the text on disk split these lines and still parsed (`private c` + `onnected…`).
    expect(state).toContain('  private connectedClientsBySessionId = new Map<string, ConnectedClient>();');
    expect(state).toContain('      const client = this.connectedClientsBySessionId.get(call.sessionId);');
    expect(state).toMatch(/^ *\/\/ @mcp-migrate-todo\(session-state\/keyed-store\): `this\.connectedClientsBySessionId` is a field of `SystemStateTracker`, but the tool `hello`/m);
    // No registry reached as `this` from the module-level tool, and no minting tool built on one.
    expect(gateway).not.toMatch(/this\.\w+Handles/);
    expect(state).not.toContain('createHandleRegistry');
    const second = await runApply(options);
    expect(second.failures).toEqual([]);
    expect(second.changes.map((c) => path.relative(dir, c.file))).toEqual([]);
  });
});
