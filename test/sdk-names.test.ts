/**
 * The SDK description (`src/frameworks/mcp-sdk.ts`) is where transforms get the SDK's names: none writes one out as a
 * string to recognise code by (`name === 'onmessage'`, `new Set(['Client', …])`). Template literals are not checked:
 * they print generated code (`createMcpHandler(…)` in a rewrite), which is text, not recognition.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ts } from '../src/typescript.js';
import { MCP_SDK, type SdkDescription } from '../src/frameworks/mcp-sdk.js';

const TRANSFORMS = path.resolve(import.meta.dirname, '../src/transforms');

/**
 * Every name the description declares: its classes, exports, registrations, the members of each feature, and the
 * fields naming transport, server and context members. Not included: JSON-RPC method strings (`roots/list`: the
 * protocol's, not the SDK's), the description's own keys and kinds (feature ids, class roles, send shapes), and the
 * v2 entry-point table (every export of the packages, data for putting imports back; the exports the analysis
 * recognises code by are declared in the fields read here).
 */
function declaredNames(sdk: SdkDescription): Set<string> {
  const names = new Set<string>([
    ...Object.keys(sdk.classes),
    ...sdk.contextTypes,
    ...sdk.exports,
    sdk.initializeRequestGuard,
    ...sdk.initializeParamsSchemas,
    ...Object.keys(sdk.schemaMethods),
    ...Object.keys(sdk.toolSchemaMethods),
    ...Object.keys(sdk.registrations),
    ...sdk.legacyRegistrations,
    ...Object.keys(sdk.handlerRegistrations),
    sdk.connectMethod,
    sdk.connectedTransportProperty,
    sdk.capabilitiesOption,
    sdk.ssePostMethod,
    ...Object.values(sdk.transportMembers).flat(),
    ...sdk.rootsBookkeepingMethods,
    ...Object.keys(sdk.rawSenders),
    sdk.requestStreamOption,
    ...Object.values(sdk.serving),
  ]);
  for (const { context, experimentalTasks: tasks } of sdk.majors) {
    for (const name of [context.server, context.client, ...context.requestId, context.sessionId, ...(context.members ?? []), ...(context.distinctiveMembers ?? [])]) if (name) names.add(name);
    if (tasks) for (const name of [tasks.store.class, tasks.store.option, tasks.messageQueue.class, tasks.messageQueue.option, tasks.capability, tasks.cleanupMethod, ...tasks.toolRegistration]) names.add(name);
  }
  for (const feature of Object.values(sdk.features)) {
    const lists = [Object.keys(feature.serverMethods ?? {}), Object.keys(feature.contextMethods ?? {}), feature.notifierMethods, feature.registeredMethods, feature.serverHooks, feature.requestMethods, feature.errors, feature.resultSchemas];
    for (const list of lists) for (const name of list ?? []) names.add(name);
    for (const [method, { key, type }] of Object.entries(feature.envelope ?? {})) names.add(method).add(key).add(type);
    for (const { serverMethod } of Object.values(feature.listenEvents ?? {})) names.add(serverMethod);
    for (const name of [feature.inputRequest?.builder, feature.inputRequest?.urlBuilder, feature.clientCapability, feature.resultKey]) if (name) names.add(name);
  }
  return names;
}

/**
 * The description's own words for its categories: feature ids (`'roots'`), send shapes and message kinds
 * (`'request'`), registration kinds (`'tool'`), class roles and sides. Transforms pass these to the interpretation
 * (`serverMethodsOf('roots', 'request')`) and compare them (`site.feature === 'roots'`), checked by the compiler
 * against the description's types; a few are also an SDK member's name (the `roots` capability, `server.tool(…)`,
 * `server.request(…)`), and a literal of that text cannot be told apart without a type checker (too slow for a
 * unit test), so those names are not checked here.
 */
function vocabulary(sdk: SdkDescription): Set<string> {
  const words = new Set<string>([...Object.keys(sdk.features), ...Object.values(sdk.registrations), ...Object.values(sdk.classes)]);
  for (const sender of Object.values(sdk.rawSenders)) words.add(sender.sends).add(sender.owner);
  for (const major of sdk.majors) for (const side of [...Object.values(major.packages), ...Object.values(major.subpaths ?? {})]) words.add(side);
  for (const feature of Object.values(sdk.features)) {
    for (const shape of [...Object.values(feature.serverMethods ?? {}), ...Object.values(feature.contextMethods ?? {}), ...Object.values(feature.messages ?? {})]) words.add(shape);
    if (feature.inputRequest) words.add(feature.inputRequest.responseKind);
  }
  return words;
}

/** `file:line: 'name'` for each string literal in `text` (not a template, not a comment, not a module specifier) that is one of `names`. */
function literalsNamed(file: string, text: string, names: ReadonlySet<string>): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    const specifier = !!node.parent && (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent));
    if (ts.isStringLiteral(node) && !specifier && names.has(node.text)) out.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: '${node.text}'`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/**
 * Literals that equal a declared name without naming that SDK member, by file and name, each with why. A literal
 * here that is no longer in the file fails the test too, so the list only shrinks.
 */
const KIND = "the analysis' own kind of a value or store (`store.kind === 'transport'`), not the SDK server's `transport` property";
const PRINTED = 'code generation: the name is printed into the rewritten code (an import added, a call or member written), not compared with code';
const NOT_SDK_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'logging-to-request-scope/plan-logging.ts': { transport: KIND, sendNotification: PRINTED },
  'session-state-to-handles/handed-transport-ids.ts': {
    transport: "the analysis' own kind of where a session id comes from (`read.origin === 'transport'`), not the SDK server's `transport` property",
    log: "the analysis' kind of a sink (a value reaching a log call), not a context's `log`",
  },
  'session-state-to-handles/naming.ts': { id: 'a noise word dropped from a store name to name its handle (`sessionsById` → `session`)' },
  'session-state-to-handles/handler-edits.ts': { authInfo: PRINTED },
  'session-state-to-handles/plan-handles.ts': { transport: KIND },
  'session-state-to-handles/store-eligibility.ts': { transport: `${KIND}; also a word of a refusal message` },
  'session-state-to-handles/kept-store-reads.ts': { transport: KIND },
  'server-push-markers/plan-server-push.ts': { transport: KIND },
  'session-state-to-handles/store-rewrite.ts': {
    transport: KIND,
    remove: "a project store's delete method (`store.remove(key)`), not a registered tool's `remove()`",
    authInfo: PRINTED,
  },
  'session-state-to-handles/telemetry-ids.ts': { log: "the analysis' kind of a sink (a value reaching a log call), not a context's `log`" },
  'stateless-serving/legacy-sse.ts': { transport: KIND },
  'stateless-serving/entry-code.ts': { createMcpHandler: PRINTED, toNodeHandler: PRINTED },
  'stateless-serving/http-refusals.ts': { transport: KIND },
  'stateless-serving/exported-dispatcher.ts': { transport: KIND },
  'stateless-serving/module-bindings.ts': { toNodeHandler: 'a name the entry prints (entry-code.ts), looked for so that a binding of the project\'s own is not shadowed' },
  'stateless-serving/registries.ts': { transport: KIND },
  'stateless-serving/route-endpoint.ts': { toNodeHandler: PRINTED },
  'stateless-serving/routing-helper.ts': { transport: "a helper's parameter names (`(server, transport)`), the project's words" },
  'stateless-serving/eligibility.ts': { transport: KIND },
  'stateless-serving/server-factory.ts': { transport: KIND, cleanup: 'the project\'s property name of what a factory returns (`{ server, cleanup }`), kept in the closure it prints' },
  'stateless-serving/session-registry.ts': { transport: KIND, createMcpHandler: PRINTED, toNodeHandler: PRINTED },
  'stateless-serving/stdio.ts': { serveStdio: PRINTED },
  'stateless-serving/text.ts': { log: "a console method (`console.log`), not a context's `log`" },
};

describe('SDK names in transforms', () => {
  const words = vocabulary(MCP_SDK);
  const names = new Set([...declaredNames(MCP_SDK)].filter((name) => !words.has(name)));

  it('leaves out only the description words that are also SDK names', () => {
    expect([...declaredNames(MCP_SDK)].filter((name) => words.has(name)).sort()).toEqual(['elicit', 'elicitation', 'notification', 'oninitialized', 'ping', 'prompt', 'request', 'resource', 'roots', 'sampling', 'tool']);
  });

  it('declares the names the transforms recognise SDK code by', () => {
    for (const name of ['sessionIdGenerator', 'onsessioninitialized', 'onmessage', 'isInitializeRequest', 'Client', 'taskStore', 'RequestHandlerExtra', 'registerPrompt', 'listRoots', 'getClientCapabilities', 'handlePostMessage', 'setRequestHandler', 'CallToolRequestSchema', 'ListToolsRequestSchema', 'handleRequest', 'allowedHosts']) {
      expect(names, name).toContain(name);
    }
  });

  it('finds a literal SDK name, and not one in a template, a comment or an import', () => {
    const text = ["import { x } from 'onmessage';", "// 'onmessage'", 'const a = `onmessage`;', "if (name === 'onmessage') relays = true;"].join('\n');
    expect(literalsNamed('probe.ts', text, names)).toEqual(["probe.ts:4: 'onmessage'"]);
  });

  it('is where transforms get SDK names: none writes one out as a string', () => {
    const found: string[] = [];
    const excused = new Set<string>();
    for (const file of fs.readdirSync(TRANSFORMS, { recursive: true, encoding: 'utf8' })) {
      if (!/\.[cm]?ts$/.test(file)) continue;
      const key = file.split(path.sep).join('/');
      for (const hit of literalsNamed(key, fs.readFileSync(path.join(TRANSFORMS, file), 'utf8'), names)) {
        const name = hit.slice(hit.indexOf("'") + 1, -1);
        if (Object.hasOwn(NOT_SDK_NAMES[key] ?? {}, name)) excused.add(`${key} ${name}`);
        else found.push(hit);
      }
    }
    expect(found).toEqual([]);
    const listed = Object.entries(NOT_SDK_NAMES).flatMap(([file, entries]) => Object.keys(entries).map((name) => `${file} ${name}`));
    expect(listed.filter((entry) => !excused.has(entry)), 'listed but no longer in the file').toEqual([]);
  });
});

describe("the SDK description's installs", () => {
  it('are the dependencies of the SDK 1.x package this repository pins (a newer 1.x that installs more is noticed here)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8'));
    const v1 = MCP_SDK.majors.find((m) => m.major === 1)!;
    expect(v1.installs).toEqual(manifest.dependencies);
  });
});
