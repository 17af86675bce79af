/** The statements a run wrote take the file's semicolon style (sweep 9 G6); the user's lines never change. */
import { describe, expect, it } from 'vitest';
import { matchSemicolonStyle } from '../../src/apply/semicolon-style.js';

const BEFORE = `import { Hono } from 'hono'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'

const app = new Hono()
const server = new McpServer({ name: 'todo', version: '1.0.0' })

app.get('/health', (c) => c.json({ ok: true }))

export default app
`;

describe('matchSemicolonStyle', () => {
  it('takes the `;` off the statements the run wrote in a file written without semicolons', () => {
    const after = BEFORE.replace(
      "app.get('/health', (c) => c.json({ ok: true }))\n",
      "app.get('/health', (c) => c.json({ ok: true }))\nconst handler = createMcpHandler(() => server);\napp.all('/mcp', (c) => handler.fetch(c.req.raw));\n",
    );
    const out = matchSemicolonStyle('/p/src/index.ts', BEFORE, after);
    expect(out).toContain('const handler = createMcpHandler(() => server)\n');
    expect(out).toContain("app.all('/mcp', (c) => handler.fetch(c.req.raw))\n");
    expect(out.split('\n').length).toBe(after.split('\n').length);
  });

  it('keeps a `;` the next line needs (it starts with `(`, `[` or a template) and every line the run did not write', () => {
    const user = BEFORE.replace('export default app', 'export default app;');
    const after = user.replace("export default app;\n", "export default app;\nconst ids = list();\n[1, 2].forEach((n) => ids.push(n))\n");
    const out = matchSemicolonStyle('/p/src/index.ts', user, after);
    expect(out).toContain('export default app;\n');
    expect(out).toContain('const ids = list();\n[1, 2]');
  });

  it('keeps the `;` between statements the run wrote on one line, and takes the others off the right characters (sweep 30 AD1)', () => {
    const factory = "const mcpHandler = createMcpHandler(() => { const { server, cleanup } = createServer(); let cleaned = false; const once = () => { if (!cleaned) { cleaned = true; cleanup(); } }; server.onclose = once; return server; });\napp.all('/mcp', toNodeHandler(mcpHandler));\n";
    const after = BEFORE.replace("app.get('/health', (c) => c.json({ ok: true }))\n", `app.get('/health', (c) => c.json({ ok: true }))\n${factory}`);
    const out = matchSemicolonStyle('/p/src/index.ts', BEFORE, after);
    expect(out).toContain(
      "const mcpHandler = createMcpHandler(() => { const { server, cleanup } = createServer(); let cleaned = false; const once = () => { if (!cleaned) { cleaned = true; cleanup() } }; server.onclose = once; return server })\n",
    );
    expect(out).toContain("app.all('/mcp', toNodeHandler(mcpHandler))\n");
  });

  it('changes nothing in a file that uses semicolons, or whose style it cannot tell', () => {
    const withSemicolons = BEFORE.replace(/\)\n/g, ');\n');
    const after = `${withSemicolons}const extra = 1;\n`;
    expect(matchSemicolonStyle('/p/src/index.ts', withSemicolons, after)).toBe(after);
    expect(matchSemicolonStyle('/p/src/tiny.ts', 'const a = 1\n', 'const a = 1\nconst b = 2;\n')).toBe('const a = 1\nconst b = 2;\n');
  });
});
