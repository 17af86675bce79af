/**
 * Statements the run added past the file's width are laid out in the file's style (Prettier with the
 * options the file follows); the user's lines, and the run's lines that fit, never move.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layOutAddedStatements, layoutOptionsOf } from '../../src/apply/layout.js';
import { LineProvenance } from '../../src/apply/typecheck/provenance.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-layout-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A project directory with `files`; returns the path of its `src/tool.ts`. */
function project(name: string, files: Record<string, string> = {}): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name }));
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return path.join(dir, 'src', 'tool.ts');
}

/** A Prettier-formatted file (80 columns, double quotes, es5 trailing commas): 24 short lines and a long string. */
const FILLER = Array.from({ length: 20 }, (_, i) => `const value${i} = compute("input-${i}", { retries: ${i} });`).join('\n');
const before = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

${FILLER}
export const notice = "This line of the user's is longer than eighty columns, and it stays exactly as it is.";

export function register(server: McpServer) {
  server.tool("ask", {}, async (args, ctx) => {
    const answer = await ask(ctx);
    return answer;
  });
}
`;
/** What a transform wrote: one wide statement inside the handler, one that fits. */
const after = before.replace(
  '    const answer = await ask(ctx);\n',
  '    const answerResponse = inputResponse(ctx.mcpReq.inputResponses, "answer");\n' +
    '    if (answerResponse.kind !== "elicit") {\n' +
    '      return { content: [{ type: "text" as const, text: `Expected an elicitation response, got "${answerResponse.kind}".` }], isError: true };\n' +
    '    }\n' +
    '    const answer = answerResponse;\n',
);

describe('layOutAddedStatements', () => {
  it('lays out a wide added statement in the file style, and nothing else', async () => {
    const file = project('plain');
    const out = await layOutAddedStatements(file, before, after);
    expect(out).toContain(
      [
        '    if (answerResponse.kind !== "elicit") {',
        '      return {',
        '        content: [{ type: "text" as const, text: `Expected an elicitation response, got "${answerResponse.kind}".` }],',
        '        isError: true,',
        '      };',
        '    }',
        '    const answer = answerResponse;',
      ].join('\n'),
    );
    // The added line that fits is as the transform wrote it; the user's wide line is untouched.
    expect(out).toContain('    const answerResponse = inputResponse(ctx.mcpReq.inputResponses, "answer");\n');
    expect(out).toContain(`export const notice = "This line of the user's is longer than eighty columns, and it stays exactly as it is.";`);
    expect(out.split('\n').filter((l) => !after.split('\n').includes(l))).toHaveLength(4);
    // A second pass has nothing left to do.
    expect(await layOutAddedStatements(file, before, out)).toBe(out);
  });

  it('follows tabs, no semicolons and no trailing commas when the file does', async () => {
    const file = project('tabs');
    const style = (text: string) =>
      text
        .replace(/^( {2})+/gm, (m) => '\t'.repeat(m.length / 2))
        .replace(/;$/gm, '')
        .replace(/(\{ retries: \d+ \})/g, '{\n\tretries: 1\n}');
    const out = await layOutAddedStatements(file, style(before), style(after));
    expect(out).toContain('\t\t\treturn {\n\t\t\t\tcontent: [');
    expect(out).toContain('\t\t\t\tisError: true\n\t\t\t}\n');
  });

  it('uses the project Prettier config (a data file) for the width and style', async () => {
    const wide = project('configured', { '.prettierrc': JSON.stringify({ printWidth: 160, singleQuote: true }) });
    // Within 160 columns: nothing to lay out.
    expect(await layOutAddedStatements(wide, before, after)).toBe(after);
    const narrow = project('configured-narrow', { '.prettierrc.json': JSON.stringify({ printWidth: 100, semi: false, trailingComma: 'all' }) });
    const out = await layOutAddedStatements(narrow, before, after);
    expect(out).toContain('        isError: true,\n      }\n');
    expect((await layoutOptionsOf(narrow, before))?.printWidth).toBe(100);
  });

  it('never runs a JavaScript Prettier config, and infers the style instead', async () => {
    const ran = path.join(tmp, 'config-ran');
    const file = project('js-config', { 'prettier.config.js': `require('fs').writeFileSync(${JSON.stringify(ran)}, 'ran'); module.exports = { printWidth: 200 };` });
    const out = await layOutAddedStatements(file, before, after);
    expect(fs.existsSync(ran)).toBe(false);
    expect(out).toContain('        isError: true,\n');
  });

  it('leaves a statement that shares a line with the user code', async () => {
    const file = project('shared-line');
    const sharedLine = '    const answer = answerResponse.kind === "elicit" ? answerResponse : await askAgainWithAFallbackQuestion(ctx, "answer"); log(answer);\n';
    const shared = after.replace('    const answer = answerResponse;\n', sharedLine);
    const sharedBefore = before.replace('    const answer = await ask(ctx);\n', '    const answer = await ask(ctx); log(answer);\n');
    const out = await layOutAddedStatements(file, sharedBefore, shared);
    // The wide return is still its own statement and is laid out; the wide shared line is not touched.
    expect(out).toContain('      return {\n');
    expect(out).toContain(sharedLine);
  });

  it("leaves a user's wide statement the run only moved into a new block", async () => {
    const file = project('moved');
    const wide = '    return { content: [{ type: "text" as const, text: `The answer was ${answer}, which the user gave in reply to the question.` }] };\n';
    const original = before.replace('    return answer;\n', wide);
    // The run wrapped the user's code in a new `try` block: the wide line moved two columns right.
    const moved = after.replace('    return answer;\n', `    try {\n  ${wide}    } finally {\n      done();\n    }\n`);
    const out = await layOutAddedStatements(file, original, moved);
    expect(out).toContain(`  ${wide}`);
    // The `try` statement is the run's own, but one of its lines is the user's: it is not printed again either.
    expect(out).toContain('    try {\n');
  });

  it("lays out a registration the run rewrote onto one wide line around the user's lines, which come out as they were", async () => {
    // A project formatted by Prettier (a config file): its own formatter would re-indent the user's lines the same way.
    const file = project('registration', { '.prettierrc': '{ "printWidth": 100 }\n' });
    const tool = `  server.tool(
    "notify",
    "Send an OS notification to the user. Use after completing a significant task.",
    {
      title: z.string().describe("The notification title"),
      body: z.string().describe("The notification body text"),
    },
    async ({ title, body }) => {
      return { content: [{ type: "text" as const, text: \`\${title}: \${body}\` }] };
    }
  );
`;
    // What the official codemod writes: the user's schema properties and handler body kept, the rest on one line.
    const codemod = `  server.registerTool("notify", { description: "Send an OS notification to the user. Use after completing a significant task.", inputSchema: z.object({
      title: z.string().describe("The notification title"),
      body: z.string().describe("The notification body text"),
    }) }, async ({ title, body }) => {
      return { content: [{ type: "text" as const, text: \`\${title}: \${body}\` }] };
    });
`;
    const registered = (body: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n\n${FILLER}\n\nexport function register(server: McpServer) {\n${body}}\n`;
    const out = await layOutAddedStatements(file, registered(tool), registered(codemod));
    expect(out).toBe(registered(`  server.registerTool(
    "notify",
    {
      description: "Send an OS notification to the user. Use after completing a significant task.",
      inputSchema: z.object({
        title: z.string().describe("The notification title"),
        body: z.string().describe("The notification body text"),
      }),
    },
    async ({ title, body }) => {
      return { content: [{ type: "text" as const, text: \`\${title}: \${body}\` }] };
    }
  );
`));
    // Were a line of the user's to change (here: one Prettier would respace), the statement is left as written.
    const wideUserLine = '      return {content: [{type: "text" as const, text: title}]};\n';
    const withWide = (text: string) => text.replace(/      return \{ content[^\n]*\n/, wideUserLine);
    const kept = await layOutAddedStatements(file, withWide(registered(tool)), withWide(registered(codemod)));
    expect(kept).toBe(withWide(registered(codemod)));
    // Without a Prettier config the user's lines must keep their indentation too: re-indenting them is left undone.
    const unformatted = project('registration-unformatted');
    expect(await layOutAddedStatements(unformatted, registered(tool), registered(codemod))).toBe(registered(codemod));
    // A project that runs Prettier with its defaults (browserstack/mcp-server: a devDependency and a format script) is formatted by it too.
    const defaults = project('registration-prettier-defaults');
    fs.writeFileSync(path.join(path.dirname(path.dirname(defaults)), 'package.json'), JSON.stringify({ name: 'x', scripts: { format: 'prettier --write "src/**/*.ts"' }, devDependencies: { prettier: '^3.7.4' } }));
    // Prettier's defaults: 80 columns (the handler's return, 83 columns at this depth, is shortened so the user's lines fit).
    const short = (text: string) => text.replace(/      return \{ content[^\n]*\n/, '      return ok(title, body);\n');
    const laidOut = await layOutAddedStatements(defaults, short(registered(tool)), short(registered(codemod)));
    expect(laidOut).toBe(
      short(
        registered(`  server.registerTool(
    "notify",
    {
      description:
        "Send an OS notification to the user. Use after completing a significant task.",
      inputSchema: z.object({
        title: z.string().describe("The notification title"),
        body: z.string().describe("The notification body text"),
      }),
    },
    async ({ title, body }) => {
      return { content: [{ type: "text" as const, text: \`\${title}: \${body}\` }] };
    }
  );
`),
      ),
    );
    // Depending on Prettier without running it says nothing about how the code is formatted.
    const dependsOnly = project('registration-prettier-dependency-only');
    fs.writeFileSync(path.join(path.dirname(path.dirname(dependsOnly)), 'package.json'), JSON.stringify({ name: 'y', devDependencies: { prettier: '^3.7.4' } }));
    expect(await layOutAddedStatements(dependsOnly, registered(tool), registered(codemod))).toBe(registered(codemod));
  });

  it("keeps the user's statement ends in a file that mixes them (sweep 28 AB7: `this.tool` calls the codemod put on one wide line)", async () => {
    const file = project('mixed-semicolons');
    // Most statements without `;` (the calls, the returns), a few with (`super(…);`, `this.url = url;`): printed without,
    // Prettier would drop the user's `;` and refuse the statement; printed with, it would add `};` to the user's returns.
    const call = (name: string, extra: string) => `    this.tool(
      "${name}",
      "Does ${name}",
      { url: z.string().url().describe("URL to work on") },
      async ({ url }) => {
${extra}        return {
          content: [{ type: "text", text: \`${name} \${url}\` }],
        }
      }
    )
`;
    const codemod = (name: string, extra: string) => `    this.registerTool("${name}", { description: "Does ${name}", inputSchema: z.object({ url: z.string().url().describe("URL to work on") }) }, async ({ url }) => {
${extra}        return {
          content: [{ type: "text", text: \`${name} \${url}\` }],
        }
      })
`;
    const laidOut = (name: string, extra: string) => `    this.registerTool(
      "${name}",
      {
        description: "Does ${name}",
        inputSchema: z.object({
          url: z.string().url().describe("URL to work on"),
        }),
      },
      async ({ url }) => {
${extra}        return {
          content: [{ type: "text", text: \`${name} \${url}\` }],
        }
      }
    )
`;
    const assign = '        this.url = url;\n';
    const klass = (calls: (name: string, extra: string) => string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export class PageServer extends McpServer {
  private url: string | null = null

  constructor() {
    super({ name: "layout", version: "1.0.0" });

${calls('navigate', assign)}
${calls('open', '')}
${calls('click', '')}  }
}
`;
    expect(await layOutAddedStatements(file, klass(call), klass(codemod))).toBe(klass(laidOut));
  });

  it('reads a .tsx file as TSX: JSX in the added statement does not hide it', async () => {
    const file = project('tsx').replace(/tool\.ts$/, 'tool.tsx');
    const wide = '    const view = <Answer value={answerResponse} fallback={<Missing reason="the elicitation was declined or cancelled" />} />;\n';
    const out = await layOutAddedStatements(file, before, after.replace('    const answer = answerResponse;\n', `${wide}    const answer = answerResponse;\n`));
    expect(out).not.toContain(wide);
    expect(out).toContain('    const view = (\n');
  });

  it('keeps CRLF line endings', async () => {
    const file = project('crlf');
    const out = await layOutAddedStatements(file, before.replace(/\n/g, '\r\n'), after.replace(/\n/g, '\r\n'));
    expect(out).toContain('      return {\r\n        content: [{');
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('a short file keeps to the narrowest width of at least 120 that all its lines fit (sweep 8 F8: a 15-line server, one registration on one wide line)', async () => {
    const file = project('short');
    const shortBefore = `const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { z } = require('zod');

const server = new McpServer({ name: 'weather', version: '1.0.0' });

server.tool(
  'get_forecast',
  'Get the weather forecast for a city',
  { city: z.string().describe('City name'), days: z.number().int().min(1).max(7).default(3) },
  async ({ city, days }) => ({ content: [{ type: 'text', text: \`\${city}: sunny for \${days} days\` }] }),
);

module.exports = { server };
`;
    const wide = "server.registerTool('get_forecast', { description: 'Get the weather forecast for a city', inputSchema: z.object({ city: z.string().describe('City name'), days: z.number().int().min(1).max(7).default(3) }) }, async ({ city, days }) => ({ content: [{ type: 'text', text: \`\${city}: sunny for \${days} days\` }] }));";
    const shortAfter = shortBefore.replace(/server\.tool\([\s\S]*?\n\);/, wide);
    const out = await layOutAddedStatements(file.replace(/\.ts$/, '.js'), shortBefore, shortAfter);
    // Its widest line is 103 columns: it keeps to 120, and nothing added runs past it.
    expect(out).not.toContain(wide);
    expect(Math.max(...out.split('\n').map((l) => l.length))).toBeLessThanOrEqual(120);
    expect(out).toContain("server.registerTool(\n  'get_forecast',");
    // A line the run wrote that a short file's width holds stays as written (120 here, not the 80 most of its lines keep to).
    const guard = "if (ctx.mcpReq.signal.aborted) throw new ProtocolError(ProtocolErrorCode.InternalError, 'cancelled');";
    const guarded = shortBefore.replace("module.exports", `${guard}\nmodule.exports`);
    expect(await layOutAddedStatements(file.replace(/\.ts$/, '.js'), shortBefore, guarded)).toBe(guarded);
    // A short file with a line past every width keeps to none: nothing is laid out.
    const longLine = `const banner = '${'x'.repeat(150)}';\n`;
    expect(await layOutAddedStatements(file.replace(/\.ts$/, '.js'), longLine + shortBefore, longLine + shortAfter)).toBe(longLine + shortAfter);
  });

  it('changes nothing in a file that keeps to no width', async () => {
    const file = project('no-width');
    const long = (text: string) => text.replace(/compute\("input-(\d+)"/g, `compute("a string long enough to push every one of these lines past one hundred and forty columns, which no formatter would leave like this, $1"`);
    expect(await layOutAddedStatements(file, long(before), long(after))).toBe(long(after));
  });
});

describe('LineProvenance.recordRelayout', () => {
  it('gives the laid-out lines the owners of the lines they replace', () => {
    const provenance = new LineProvenance();
    const original = 'a();\nb();\n';
    const migrated = 'a();\nreturn { x: 1, y: 2 };\nb();\n';
    const laidOut = 'a();\nreturn {\n  x: 1,\n  y: 2,\n};\nb();\n';
    provenance.record('f.ts', 'sampling-elicitation-to-mrtr', original, migrated);
    provenance.recordRelayout('f.ts', migrated, laidOut);
    expect(provenance.ownersOfLine('f.ts', 1)).toEqual([]);
    for (const line of [2, 3, 4, 5]) expect(provenance.ownersOfLine('f.ts', line)).toEqual(['sampling-elicitation-to-mrtr']);
    expect(provenance.ownersOfLine('f.ts', 6)).toEqual([]);
  });
});
