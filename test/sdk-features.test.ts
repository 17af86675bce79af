/**
 * The SDK description's interpreter (analysis/sdk-features.ts, analysis/sdk-modules.ts): a member the
 * description names is found however the SDK was imported (alias, namespace, require), a name it does
 * not describe is not, and module specifiers get one major (client modules none).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ts } from '../src/typescript.js';
import { analyze } from '../src/analysis/analyze.js';
import { sdkMajorOf, sdkMajorOfFile, isServerSdkModule } from '../src/analysis/sdk-modules.js';
import { INPUT_REQUEST_FEATURES, rawSendersOf, serverMethodsOf, type FeatureId } from '../src/analysis/sdk-features.js';
import { MCP_SDK } from '../src/frameworks/mcp-sdk.js';
import { inMemoryResolver } from './support/rule-tester.js';

const ROOT = '/project';

function analysed(project: Record<string, string>) {
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  return analyze({ files, resolve: inMemoryResolver(files), relative: (abs) => path.posix.relative(ROOT, abs) });
}

/** Each use of the feature as `line:text-of-node:messageId`. */
function usesOf(project: Record<string, string>, feature: FeatureId): string[] {
  const { analysis } = analysed(project);
  return analysis.features.uses(feature).map((use) => {
    const sf = use.node.getSourceFile();
    return `${sf.getLineAndCharacterOfPosition(use.node.getStart(sf)).line + 1}:${use.node.getText(sf)}:${use.messageId}`;
  });
}

describe('features found through every way of importing the SDK', () => {
  it('an aliased named import', () => {
    const code = "import { Server as S } from '@modelcontextprotocol/sdk/server/index.js';\nconst s = new S({ name: 'x', version: '1' });\nawait s.listRoots();\n";
    expect(usesOf({ 'src/a.ts': code }, 'roots')).toEqual(['3:listRoots:call']);
  });

  it('a namespace import', () => {
    const code = "import * as sdk from '@modelcontextprotocol/sdk/server/mcp.js';\nconst m = new sdk.McpServer({ name: 'x', version: '1' });\nawait m.server.createMessage({ messages: [], maxTokens: 1 });\n";
    expect(usesOf({ 'src/a.ts': code }, 'sampling')).toEqual(['3:createMessage:call']);
  });

  it('a destructured require, with a raw message and a handler registration', () => {
    const code = [
      "const { Server: LowLevel } = require('@modelcontextprotocol/sdk/server/index.js');",
      "const { PingRequestSchema } = require('@modelcontextprotocol/sdk/types.js');",
      "const s = new LowLevel({ name: 'x', version: '1' });",
      "s.request({ method: 'ping' });",
      's.setRequestHandler(PingRequestSchema, () => ({}));',
      '',
    ].join('\n');
    expect(usesOf({ 'src/a.js': code }, 'ping')).toEqual(["4:'ping':raw", '5:PingRequestSchema:handler']);
  });

  it('a v2 handler context method', () => {
    const code = [
      "import { McpServer } from '@modelcontextprotocol/server';",
      "const m = new McpServer({ name: 'x', version: '1' });",
      "m.registerTool('ask', {}, async (ctx) => { await ctx.mcpReq.elicitInput({ message: 'hi' }); return { content: [] }; });",
      '',
    ].join('\n');
    expect(usesOf({ 'src/a.ts': code }, 'elicitation')).toEqual(['3:elicitInput:call']);
  });

  it('a toggle of a registered tool', () => {
    const code = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst m = new McpServer({ name: 'x', version: '1' });\nconst t = m.tool('a', async () => ({ content: [] }));\nt.disable();\n";
    expect(usesOf({ 'src/a.ts': code }, 'tool-toggle')).toEqual(['4:disable:toggle']);
  });
});

describe('names the description does not name', () => {
  it('a method of an SDK server that is no feature, and a feature method on a project class', () => {
    const code = [
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
      "const s = new Server({ name: 'x', version: '1' });",
      'await s.connect(transport);',
      'class Own { listRoots() { return []; } }',
      'new Own().listRoots();',
      "s.request({ method: 'tools/list' });",
      '',
    ].join('\n');
    const project = { 'src/a.ts': code };
    for (const feature of Object.keys(MCP_SDK.features) as FeatureId[]) expect(usesOf(project, feature), feature).toEqual([]);
  });

  it('a client: the same method names on an SDK client are the other side of the protocol', () => {
    const code = "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nconst c = new Client({ name: 'x', version: '1' });\nawait c.ping();\n";
    expect(usesOf({ 'src/a.ts': code }, 'ping')).toEqual([]);
  });
});

describe('the MRTR input requests', () => {
  it('are the request-shaped members of the features with an input request, not streams', () => {
    expect(INPUT_REQUEST_FEATURES).toEqual(['sampling', 'elicitation', 'roots']);
    expect([...serverMethodsOf('sampling', 'request')]).toEqual(['createMessage']);
    expect([...rawSendersOf('request')].sort()).toEqual(['request', 'send', 'sendRequest']);
    expect([...rawSendersOf('notification', 'server')]).toEqual(['notification']);
  });

  it('found at a raw sendRequest of a message built first', () => {
    const code = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "const m = new McpServer({ name: 'x', version: '1' });",
      "m.registerTool('ask', {}, async (extra) => {",
      "  const message = { method: 'roots/list', params: {} };",
      '  const roots = await extra.sendRequest(message);',
      '  return { content: [] };',
      '});',
      '',
    ].join('\n');
    const { analysis, sourceFiles } = analysed({ 'src/a.ts': code });
    const sites: string[] = [];
    const visit = (node: ts.Node): void => {
      const site = ts.isCallExpression(node) ? analysis.features.inputRequestAt(node) : undefined;
      if (site) sites.push(`${site.feature}:${site.raw ? 'raw' : 'call'}:${site.paramsText}`);
      ts.forEachChild(node, visit);
    };
    sourceFiles.forEach(visit);
    expect(sites).toEqual(['roots:raw:message.params']);
  });
});

describe('one major per module specifier', () => {
  it('v1 and v2 server and shared modules; client modules and other packages have none', () => {
    expect(sdkMajorOf('@modelcontextprotocol/sdk')).toBe(1);
    expect(sdkMajorOf('@modelcontextprotocol/sdk/types.js')).toBe(1);
    expect(sdkMajorOf('@modelcontextprotocol/sdk/server/mcp.js')).toBe(1);
    expect(sdkMajorOf('@modelcontextprotocol/server')).toBe(2);
    expect(sdkMajorOf('@modelcontextprotocol/core')).toBe(2);
    expect(sdkMajorOf('@modelcontextprotocol/sdk/client/index.js')).toBeUndefined();
    expect(sdkMajorOf('@modelcontextprotocol/client')).toBeUndefined();
    expect(sdkMajorOf('@modelcontextprotocol/inspector')).toBeUndefined();
    expect(isServerSdkModule('@modelcontextprotocol/sdk/server/stdio.js')).toBe(true);
    expect(isServerSdkModule('@modelcontextprotocol/core')).toBe(false);
  });

  it("a file's major is that of its first server-side SDK import: a client import before it does not decide", () => {
    const sf = ts.createSourceFile(
      '/a.ts',
      "import { Client } from '@modelcontextprotocol/client';\nimport { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n",
      ts.ScriptTarget.ESNext,
    );
    expect(sdkMajorOfFile(sf)).toBe(1);
    const required = ts.createSourceFile('/b.js', "const { McpServer } = require('@modelcontextprotocol/server');\n", ts.ScriptTarget.ESNext, true, ts.ScriptKind.JS);
    expect(sdkMajorOfFile(required)).toBe(2);
  });
});
