/**
 * The project's change-event bus for `subscriptions/listen` (2026-07-28): the module `server-push-markers`
 * writes when it rewrites list-changed / resource-updated sends, and how the serving entry finds it.
 *
 * On SDK v2 the two serving entries deliver these events differently (@modelcontextprotocol/server 2.4
 * `createMcpHandler.d.ts`, `stdio.mjs`):
 * - `createMcpHandler` serves its listen streams from a `ServerEventBus` (its `bus` option); the per-request
 *   server a send went through has no stream once it has answered (its transport drops unrelated messages);
 * - `serveStdio` routes the connection's own server's notifications onto that connection's listen streams
 *   (modern) or passes them through (a 2025-era connection).
 * So the generated `publishServerEvent(server, event)` publishes on the shared bus and, when the server it
 * is given is connected, sends through it as well: each entry delivers the event once, in its own way.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { ModuleFlavour } from '../session-state-to-handles/runtime.js';
import { importSpecifier } from '../session-state-to-handles/source-style.js';
import { MCP_SDK } from '../../frameworks/mcp-sdk.js';

/** The generated module's file name, without extension. */
export const EVENTS_MODULE_BASENAME = 'mcp-server-events';
/** The bus it exports, handed to `createMcpHandler` as its `bus` option. */
const EVENTS_BUS_NAME = 'serverEvents';
/** The function the rewritten sends call. */
export const PUBLISH_FUNCTION = 'publishServerEvent';
/** The SDK v2 class the generated bus is an instance of. */
const BUS_CLASS = MCP_SDK.serving.bus;

/** The generated module's file extension for a flavour. */
export function eventsModuleExtension(flavour: ModuleFlavour): string {
  return flavour === 'ts' ? '.ts' : flavour === 'cjs' ? '.cjs' : '.js';
}

const DOC = `/**
 * List-changed and resource-updated events for clients listening on \`subscriptions/listen\`
 * (MCP 2026-07-28). Written by mcp-migrate.
 *
 * - HTTP: createMcpHandler serves its listen streams from \`serverEvents\` (its \`bus\` option). The
 *   per-request server a change went through has no stream left once it has answered. Several
 *   processes behind a load balancer: replace the in-memory bus with a ServerEventBus over your pub/sub.
 * - stdio: serveStdio delivers the connection's own server's notifications to its listen streams (and to
 *   a 2025-era client as before), so the event is also sent through that server while it is connected.
 */`;

/** The module's source: a shared bus and the one function sends go through. */
export function eventsModuleSource(flavour: ModuleFlavour): string {
  const body = (typed: boolean): string => `export async function ${PUBLISH_FUNCTION}(server${typed ? ': McpServer | Server' : ''}, event${typed ? ': ServerEvent' : ''})${typed ? ': Promise<void>' : ''} {
  ${EVENTS_BUS_NAME}.publish(event);
  const instance = server instanceof McpServer ? server.server : server;
  if (!instance.transport) return;
  switch (event.kind) {
    case 'tools_list_changed':
      return instance.sendToolListChanged();
    case 'prompts_list_changed':
      return instance.sendPromptListChanged();
    case 'resources_list_changed':
      return instance.sendResourceListChanged();
    case 'resource_updated':
      return instance.sendResourceUpdated({ uri: event.uri });
  }
}
`;
  if (flavour === 'ts') {
    return `${DOC}
import { ${BUS_CLASS}, McpServer } from '@modelcontextprotocol/server';
import type { Server, ServerEvent } from '@modelcontextprotocol/server';

export const ${EVENTS_BUS_NAME} = new ${BUS_CLASS}();

${body(true)}`;
  }
  const jsBody = body(false).replace(/^export /, flavour === 'cjs' ? '' : 'export ');
  if (flavour === 'cjs') {
    return `${DOC}
const { ${BUS_CLASS}, McpServer } = require('@modelcontextprotocol/server');

const ${EVENTS_BUS_NAME} = new ${BUS_CLASS}();

/**
 * @param {import('@modelcontextprotocol/server').McpServer | import('@modelcontextprotocol/server').Server} server
 * @param {import('@modelcontextprotocol/server').ServerEvent} event
 * @returns {Promise<void>}
 */
${jsBody}
module.exports = { ${EVENTS_BUS_NAME}, ${PUBLISH_FUNCTION} };
`;
  }
  return `${DOC}
import { ${BUS_CLASS}, McpServer } from '@modelcontextprotocol/server';

export const ${EVENTS_BUS_NAME} = new ${BUS_CLASS}();

/**
 * @param {import('@modelcontextprotocol/server').McpServer | import('@modelcontextprotocol/server').Server} server
 * @param {import('@modelcontextprotocol/server').ServerEvent} event
 * @returns {Promise<void>}
 */
${jsBody}`;
}

/**
 * A module-level bus of the project (`export const serverEvents = new InMemoryServerEventBus()`, the SDK
 * class resolved through imports), and the specifier `from` imports it by: what `createMcpHandler` is
 * handed as `bus` so that its listen streams receive what the project publishes.
 */
export function projectEventBus(result: AnalysisResult, from: ts.SourceFile, flavour: ModuleFlavour): { name: string; specifier: string } | undefined {
  const { sdk } = result.analysis;
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile || !sf.text.includes(BUS_CLASS)) continue;
    for (const statement of sf.statements) {
      if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer;
        if (!ts.isIdentifier(decl.name) || !init || !ts.isNewExpression(init) || sdk.exportOf(init.expression)?.name !== BUS_CLASS) continue;
        if (sf === from) return { name: decl.name.text, specifier: '' };
        return { name: decl.name.text, specifier: importSpecifier(from, sf.fileName, flavour) };
      }
    }
    // CommonJS: `const serverEvents = new InMemoryServerEventBus()` exported through `module.exports = { … }`.
    if (/module\.exports\s*=/.test(sf.text)) {
      for (const statement of sf.statements) {
        if (!ts.isVariableStatement(statement)) continue;
        for (const decl of statement.declarationList.declarations) {
          const init = decl.initializer;
          if (!ts.isIdentifier(decl.name) || !init || !ts.isNewExpression(init) || sdk.exportOf(init.expression)?.name !== BUS_CLASS) continue;
          if (!new RegExp(`module\\.exports\\s*=\\s*\\{[^}]*\\b${decl.name.text}\\b`).test(sf.text)) continue;
          return { name: decl.name.text, specifier: sf === from ? '' : importSpecifier(from, sf.fileName, flavour) };
        }
      }
    }
  }
  return undefined;
}

/** The directory every file in `files` lies under (the generated module goes there). */
export function commonDirectory(files: readonly string[]): string {
  let dir = path.dirname(files[0]!);
  for (const file of files.slice(1)) {
    while (!(file.startsWith(dir + path.sep) || path.dirname(file) === dir)) {
      const up = path.dirname(dir);
      if (up === dir) return dir;
      dir = up;
    }
  }
  return dir;
}

