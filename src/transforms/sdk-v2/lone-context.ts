/**
 * Handlers whose only parameter is the context. The official codemod remaps v1 context reads
 * (`extra.authInfo` → `ctx.http?.authInfo`) only in a callback with two or more parameters whose
 * context is named `extra`. A tool or prompt without an input schema gets the context as its only
 * argument (`registerTool('whoami', { description }, async (extra) => … extra.authInfo …)`), and
 * such a read is left as it was: under v2 it type-checks loosely in JavaScript and silently reads
 * `undefined`, so a `whoami` tool no longer sees the user. These reads are remapped here, after the
 * codemod's transforms, with the codemod's own mapping; the parameter keeps its name.
 */
import type { CallExpression, SourceFile } from 'ts-morph';
import { loadTsMorph, ts } from '../../typescript.js';
import { descendantsOfKind } from './compiler-walk.js';

/** v1 context keys and where v2's ServerContext keeps them (the codemod's CONTEXT_PROPERTY_MAP). */
const V2_PATH: Record<string, string> = {
  signal: 'mcpReq.signal',
  requestId: 'mcpReq.id',
  _meta: 'mcpReq._meta',
  sendRequest: 'mcpReq.send',
  sendNotification: 'mcpReq.notify',
  authInfo: 'http?.authInfo',
  requestInfo: 'http?.req',
  closeSSEStream: 'http?.closeSSE',
  closeStandaloneSSEStream: 'http?.closeStandaloneSSE',
};

/** Registrations whose callback gets only the context when the config declares no input schema. */
const SCHEMA_PROPERTY: Record<string, string> = { registerTool: 'inputSchema', registerPrompt: 'argsSchema' };

/** Remaps v1 context reads in callbacks whose only parameter is the context; returns how many. */
export function remapLoneContexts(sf: SourceFile): number {
  const { Node, SyntaxKind } = loadTsMorph();
  const edits: Array<{ start: number; end: number; text: string }> = [];
  // Only `<x>.<method>(name, config, callback)` can pass the tests below: the others are not wrapped.
  const candidates = descendantsOfKind<CallExpression>(sf, SyntaxKind.CallExpression, (node) => ts.isPropertyAccessExpression((node as ts.CallExpression).expression) && (node as ts.CallExpression).arguments.length === 3);
  for (const call of candidates) {
    const target = call.getExpression();
    if (!Node.isPropertyAccessExpression(target)) continue;
    const schemaProperty = SCHEMA_PROPERTY[target.getName()];
    const [, config, callback, ...rest] = call.getArguments();
    if (!schemaProperty || rest.length || !config || !callback || !Node.isObjectLiteralExpression(config)) continue;
    // A config with a schema, or one spread from elsewhere, may give the callback arguments first.
    if (config.getProperties().some((p) => !Node.isPropertyAssignment(p) && !Node.isShorthandPropertyAssignment(p) && !Node.isMethodDeclaration(p))) continue;
    if (config.getProperty(schemaProperty)) continue;
    if (!Node.isArrowFunction(callback) && !Node.isFunctionExpression(callback)) continue;
    const parameters = callback.getParameters();
    const context = parameters[0];
    if (parameters.length !== 1 || !context || !Node.isIdentifier(context.getNameNode())) continue;
    const symbol = context.getNameNode().getSymbol();
    for (const access of callback.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
      const object = access.getExpression();
      const path = V2_PATH[access.getName()];
      if (!path || !Node.isIdentifier(object) || !symbol || object.getSymbol() !== symbol) continue;
      const name = access.getNameNode();
      edits.push({ start: name.getStart(), end: name.getEnd(), text: path });
    }
  }
  for (const edit of edits.sort((a, b) => b.start - a.start)) sf.replaceText([edit.start, edit.end], edit.text);
  return edits.length;
}
