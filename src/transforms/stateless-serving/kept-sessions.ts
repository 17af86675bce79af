/**
 * What the markers of sessionful serving this run keeps say about why it stays, and what the code beside it (the CORS
 * lists naming the session header) does meanwhile.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { forEachDescendant, propertyNameText } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { HIGH_LEVEL_SERVER_CLASSES, LOW_LEVEL_SERVER_CLASSES, sdkMajorOfFile, V1_EXPERIMENTAL_TASKS } from '../../analysis/sdk-modules.js';

/** The server option SDK 1.x's tasks layer takes its task store by (`new McpServer(info, { taskStore })`). */
const TASK_STORE_OPTION = V1_EXPERIMENTAL_TASKS.store.option;
import type { TransformOptions } from '../kit/plan.js';

/**
 * Where the project hands SDK 1.x's experimental tasks layer a task store (`new McpServer(info, { taskStore })`), as
 * `file:line` named from `from`'s folder (the same text whether apply or a jscodeshift entry, which knows no project
 * root, runs). That layer files each task under the session id of the transport that created it (`extra.sessionId`)
 * and lets only that session read it, so a session the endpoint mints is also the owner of the tasks it starts.
 */
export function sessionOwnedTaskStore(result: AnalysisResult, from: ts.SourceFile): string | undefined {
  for (const sf of result.sourceFiles) {
    if (!sf.text.includes(TASK_STORE_OPTION) || sdkMajorOfFile(sf) !== 1) continue;
    let found: ts.Node | undefined;
    forEachDescendant(sf, (node) => {
      if (found || !ts.isNewExpression(node)) return;
      const name = result.analysis.sdk.exportOf(node.expression)?.name ?? '';
      if (!HIGH_LEVEL_SERVER_CLASSES.has(name) && !LOW_LEVEL_SERVER_CLASSES.has(name)) return;
      forEachDescendant(node, (inner) => {
        if (!found && (ts.isPropertyAssignment(inner) || ts.isShorthandPropertyAssignment(inner)) && propertyNameText(inner.name) === TASK_STORE_OPTION) found = inner;
      });
    });
    if (!found) continue;
    const file = path.relative(path.dirname(from.fileName), sf.fileName).split(path.sep).join('/');
    return `${file}:${sf.getLineAndCharacterOfPosition(found.getStart(sf)).line + 1}`;
  }
  return undefined;
}

/** Why an endpoint keeping its sessions by hand keeps them while its tasks are owned by them (`at`: the task store). */
export function taskOwnershipReason(at: string): string {
  return `They stay for now: the project gives SDK 1.x's tasks layer a task store (\`taskStore\` at ${at}), and that layer files each task under the session id of the transport that created it and lets only that session read it, so without the session a task started by one request could not be read by the next. The sessions go with the tasks layer (SDK v2 has none: move the tasks to the tasks extension, owned by the caller); then drop the header, the session checks, the session store and the DELETE session route.`;
}

/** A CORS list in a file whose sessionful serving this run kept: the header stays listed while that serving mints it. */
export function keptSessionCorsMessage(target: TransformOptions['target']): string {
  const modern = target === 'stateless-v1' ? '' : ', and allow the headers modern clients send (Mcp-Method, Mcp-Name, MCP-Protocol-Version, Mcp-Param-*)';
  return `CORS names Mcp-Session-Id for the sessionful serving this migration kept in this file (marked at its transport): keep it while that serving mints session ids, then drop it from the list${modern}.`;
}
