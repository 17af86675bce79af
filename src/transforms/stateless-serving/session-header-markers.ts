/**
 * The `Mcp-Session-Id` header after the serving rewrite: a file's CORS lists lose it where the file no longer mints
 * session ids, and keep it with a marker where sessionful endpoints stay (this file's, or those of other files the
 * app mounts); an endpoint that writes the header itself keeps its sessions by hand and is marked.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { forEachDescendant, isInside, propertyNameText } from '../../analysis/ast.js';
import { enclosingRoute } from '../../analysis/routes.js';
import { SESSION_HEADER, isHeaderWrite } from '../../analysis/http-requests.js';
import { RULE_ID } from '../../rule-ids.js';
import { servingEntryAdvice } from './advice.js';
import { corsListEdit, corsNote, isCorsHeaderList } from './cors-session-header.js';
import { keptSessionCorsMessage, sessionOwnedTaskStore, taskOwnershipReason } from './kept-sessions.js';
import { leftOnSdkV1, leftOnV1Note } from './left-on-v1.js';
import { implementsSdkTransport } from '../../analysis/transport-classes.js';
import type { ServingFile } from './serving-file.js';

/**
 * `Mcp-Session-Id` in this file's CORS options. When every endpoint of the file was rewritten (it mints no session
 * id any more), the header leaves the list as the CORS edit of an already stateless project does, so a second run
 * finds nothing to do; a list it would leave empty, or a file still serving sessions, gets the marker. Returns
 * whether a CORS list was edited (the serving in this file mints no session id).
 */
export function markCors(file: ServingFile, stateless: boolean): boolean {
  let edited = false;
  // Served on 2026-07-28 afterwards (the options of a file held on SDK 1.x say stateless-v1): the allow-lists name
  // the modern request headers.
  const modern = file.options.target !== 'stateless-v1';
  const lines: number[] = [];
  const added = new Set<string>();
  forEachDescendant(file.sf, (node) => {
    if (!ts.isStringLiteralLike(node) || !node.text.toLowerCase().includes(SESSION_HEADER) || !isCorsHeaderList(file.result, node)) return;
    const edit = stateless ? corsListEdit(file.result, node, modern) : undefined;
    if (edit) {
      file.edits.push({ file: file.sf.fileName, start: edit.start, end: edit.end, text: edit.text });
      edited = true;
      lines.push(file.sf.getLineAndCharacterOfPosition(node.getStart(file.sf)).line + 1);
      if (edit.added.length > 0) added.add(edit.added.join(', '));
      return;
    }
    // Not stateless: this file keeps sessionful serving (marked at its transport), which still mints the header.
    file.marker(node, RULE_ID.sessionHeader, keptSessionCorsMessage(file.options.target));
  });
  if (lines.length > 0) file.plan.notes!.push(corsNote(`${file.relative()}:${lines.join(',')}`, lines.length > 1, [...added]));
  return edited;
}

/**
 * The CORS lists of a file that serves no transport itself (the app or router mounting the endpoints, a CORS
 * set-up) in a project that keeps sessionful endpoints after this run (`where`): the header stays listed
 * while those endpoints mint it, and a marker says when it goes.
 */
export function markCorsOfKeptSessions(file: ServingFile, kept: ReadonlyArray<{ file: string; line: number }>): void {
  if (!file.text.toLowerCase().includes(SESSION_HEADER)) return;
  // Named from the marked file's folder: the same text whether apply or a jscodeshift entry (which knows no project root) runs.
  // By file, not line: the line this run read is moved by the markers inserted above it (the marker there says which).
  const where = [...new Set(kept.map((k) => path.relative(path.dirname(file.sf.fileName), k.file).split(path.sep).join('/')))].join(', ');
  forEachDescendant(file.sf, (node) => {
    if (!ts.isStringLiteralLike(node) || !node.text.toLowerCase().includes(SESSION_HEADER) || !isCorsHeaderList(file.result, node)) return;
    // A CORS list (`allowedHeaders`, `Access-Control-Expose-Headers`), or another header list (tracing's `captureRequestHeaders`).
    const holder = ts.isArrayLiteralExpression(node.parent) ? node.parent : node;
    const option = ts.isPropertyAssignment(holder.parent) ? propertyNameText(holder.parent.name) ?? '' : '';
    const cors = !option || /^(allow|expose)/i.test(option);
    const modern = cors && file.options.target !== 'stateless-v1' ? ', and allow the headers modern clients send (Mcp-Method, Mcp-Name, MCP-Protocol-Version, Mcp-Param-*)' : '';
    file.marker(node, RULE_ID.sessionHeader, `${cors ? 'CORS names' : `\`${option}\` names`} Mcp-Session-Id for the sessionful endpoints this migration kept (${where}, marked there): keep it while they mint session ids, then drop it from the list${modern}.`);
  });
}

/**
 * An endpoint that writes the `Mcp-Session-Id` header itself (`response.headers.set('Mcp-Session-Id', id)` in a
 * route), with no SDK transport in the file to rewrite (a transport of another package, a relay): it keeps
 * sessions by hand, so it is marked, not rewritten, and counts as kept for the CORS lists.
 */
export function markSessionHeaderMinting(file: ServingFile): void {
  if (!file.text.toLowerCase().includes(SESSION_HEADER)) return;
  const handWritten = markHandWrittenTransports(file);
  forEachDescendant(file.sf, (node) => {
    if (!ts.isCallExpression(node) || !isHeaderWrite(node) || !file.values.headerAccessOf(node, SESSION_HEADER)) return;
    if (handWritten.some((c) => isInside(node, c))) return;
    const route = enclosingRoute(node, file.values);
    if (!route) return;
    const advice = servingEntryAdvice({ kind: 'http', target: file.options.target, framework: route.framework });
    // Tasks of SDK 1.x's tasks layer are owned by the session: a reason to keep it, said before the rest.
    const tasks = sessionOwnedTaskStore(file.result, file.sf);
    const why = tasks ? `. ${taskOwnershipReason(tasks)}` : ', so it is not rewritten automatically: drop the header, the session checks and the DELETE session route with the sessions.';
    const v1 = leftOnSdkV1(file.sf, file.requested) ? ` ${leftOnV1Note(file.requested)}` : '';
    file.marker(node, RULE_ID.sessionIdGenerator, `This endpoint sends its own \`Mcp-Session-Id\` (a session id it mints or relays, not one from an SDK transport) and keeps its sessions by hand${why}${v1} ${advice}`);
    file.keptSessions.push({ file: file.sf.fileName, line: file.line(node) });
  });
}

/**
 * A class of the project that implements the SDK's `Transport` and writes the `Mcp-Session-Id` header itself: a
 * hand-written Streamable HTTP transport (ivo-toby/mcp-openapi-server's `StreamableHttpServerTransport`) that mints
 * session ids, routes requests by them and keeps its session table. Its session layer is the whole class, not one
 * route, so the class gets one marker (the engine folds the serving findings inside it into it) and counts as kept.
 * Returns the classes marked.
 */
function markHandWrittenTransports(file: ServingFile): ts.ClassLikeDeclaration[] {
  const marked: ts.ClassLikeDeclaration[] = [];
  forEachDescendant(file.sf, (node) => {
    if (!ts.isClassDeclaration(node) || !implementsSdkTransport(file.result.analysis, node)) return;
    let mints = false;
    forEachDescendant(node, (inner) => {
      mints ||= ts.isCallExpression(inner) && isHeaderWrite(inner) && file.values.headerAccessOf(inner, SESSION_HEADER) !== undefined;
    });
    if (!mints) return;
    const name = node.name ? `\`${node.name.text}\`` : 'This class';
    const advice = servingEntryAdvice({ kind: 'http', target: file.options.target, framework: 'node-http' });
    const v1 = leftOnSdkV1(file.sf, file.requested) ? ` ${leftOnV1Note(file.requested)}` : '';
    file.marker(
      node,
      RULE_ID.sessionIdGenerator,
      `${name} is a hand-written MCP transport (it implements the SDK's \`Transport\`) with 2025-era sessions: it sends its own \`Mcp-Session-Id\` and keeps its sessions by hand, so it is not rewritten automatically: replace the class, with its sessions, by stateless serving.${v1} ${advice}`,
    );
    file.keptSessions.push({ file: file.sf.fileName, line: file.line(node) });
    marked.push(node);
  });
  return marked;
}
