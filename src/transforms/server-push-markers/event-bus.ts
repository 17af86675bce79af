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
import { exportedEventBus } from '../../analysis/bus-forwarder.js';
import { describedFeature } from '../../analysis/sdk-features.js';
import { EVENT_BUS_CLASS, sdkEntryPackage } from '../../analysis/sdk-modules.js';
import { importSpecifier, type ModuleFlavour } from '../kit/source-style.js';
import { packageDirOf } from '../kit/package-json.js';

/** The generated module's file name, without extension. */
export const EVENTS_MODULE_BASENAME = 'mcp-server-events';
/** The bus it exports, handed to `createMcpHandler` as its `bus` option. */
const EVENTS_BUS_NAME = 'serverEvents';
/** The function the rewritten sends call. */
export const PUBLISH_FUNCTION = 'publishServerEvent';
/** The SDK v2 class the generated bus is an instance of, and the package both are imported from. */
const BUS_CLASS = EVENT_BUS_CLASS;
const SDK_V2 = sdkEntryPackage(2);
/** The change events the bus carries, with the server method that sends each (the SDK description's). */
export const LISTEN_EVENTS = describedFeature('change-notification').listenEvents!;

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
${Object.entries(LISTEN_EVENTS)
  .map(([kind, { serverMethod, uri }]) => `    case '${kind}':\n      return instance.${serverMethod}(${uri ? '{ uri: event.uri }' : ''});\n`)
  .join('')}  }
}
`;
  if (flavour === 'ts') {
    return `${DOC}
import { ${BUS_CLASS}, McpServer } from '${SDK_V2}';
import type { Server, ServerEvent } from '${SDK_V2}';

export const ${EVENTS_BUS_NAME} = new ${BUS_CLASS}();

${body(true)}`;
  }
  const jsBody = body(false).replace(/^export /, flavour === 'cjs' ? '' : 'export ');
  if (flavour === 'cjs') {
    return `${DOC}
const { ${BUS_CLASS}, McpServer } = require('${SDK_V2}');

const ${EVENTS_BUS_NAME} = new ${BUS_CLASS}();

/**
 * @param {import('${SDK_V2}').McpServer | import('${SDK_V2}').Server} server
 * @param {import('${SDK_V2}').ServerEvent} event
 * @returns {Promise<void>}
 */
${jsBody}
module.exports = { ${EVENTS_BUS_NAME}, ${PUBLISH_FUNCTION} };
`;
  }
  return `${DOC}
import { ${BUS_CLASS}, McpServer } from '${SDK_V2}';

export const ${EVENTS_BUS_NAME} = new ${BUS_CLASS}();

/**
 * @param {import('${SDK_V2}').McpServer | import('${SDK_V2}').Server} server
 * @param {import('${SDK_V2}').ServerEvent} event
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
  const pkg = packageDirOf(from.fileName);
  for (const sf of result.sourceFiles) {
    // Another package's bus is not this server's (nor importable by relative path from it).
    if (packageDirOf(sf.fileName) !== pkg) continue;
    const name = exportedEventBus(result.analysis.sdk, sf);
    if (name) return { name, specifier: sf === from ? '' : importSpecifier(from, sf.fileName, flavour) };
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

