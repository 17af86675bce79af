import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, propertyNameText, unwrap } from '../../analysis/ast.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { isServerKind } from '../../analysis/value.js';
import { describedFeature } from '../../analysis/sdk-features.js';
import { waitsForInitialized } from '../../analysis/initialized-waits.js';
import { possibleStrings } from '../../analysis/possible-strings.js';
import { defineRule, specUrl, type ReportDescriptor } from '../rule.js';

/** The server's initialize hook (`oninitialized`), from the SDK description. */
const HOOKS = new Set(describedFeature('oninitialized').serverHooks);

export default defineRule({
  meta: {
    id: 'handshake/oninitialized',
    category: 'handshake',
    severity: 'error',
    fix: 'assisted',
    summary: 'Work hung on `oninitialized`, which never fires on 2026-07-28',
    messages: {
      hook: '`oninitialized` never fires on a 2026-07-28 request: there is no `initialize` handshake. Do the work in the server factory, or lazily per request from `ctx.mcpReq.envelope`.',
      awaited:
        'Waits for a promise that only the `initialized` hook resolves (`oninitialized`, a `notifications/initialized` handler): on 2026-07-28 there is no handshake, so this never resumes and the request hangs. Do the set-up in the server factory or lazily on first use, and read client info per request from `ctx.mcpReq.envelope`.',
      callback: '`{{name}}` is run by the `oninitialized` hook that `{{helper}}()` sets, which never fires on a 2026-07-28 request: there is no `initialize` handshake. Do the work in the server factory, or lazily per request from `ctx.mcpReq.envelope`.',
    },
    spec: specUrl('basic/lifecycle'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.AwaitExpression]: (node: ts.AwaitExpression) => {
          if (waitsForInitialized(context.analysis.values, node.expression)) context.report({ node: node.expression, messageId: 'awaited' });
        },
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          // `this.ready.then(() => …)`
          const { name, receiver } = calleeParts(node);
          if (name === 'then' && receiver && waitsForInitialized(context.analysis.values, receiver)) context.report({ node: receiver, messageId: 'awaited' });
        },
        [ts.SyntaxKind.BinaryExpression]: (node: ts.BinaryExpression) => {
          if (node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
          const { values } = context.analysis;
          const left = node.left;
          if (ts.isPropertyAccessExpression(left)) {
            if (HOOKS.has(left.name.text) && isServerKind(values.valueOf(left.expression))) {
              context.report({ node: left.name, messageId: 'hook' });
              for (const report of callbacksOfHook(values, node.right)) context.report(report);
            }
            return;
          }
          // `server['oninitialized'] = …`, ``server[`on${event}`] = …`` over a list of events, `target[name] = fn` in a helper.
          if (!ts.isElementAccessExpression(left)) return;
          if (!possibleStrings(values, left.argumentExpression)?.some((name) => HOOKS.has(name))) return;
          if (isServerKind(values.valueOf(left.expression))) context.report({ node: left.argumentExpression, messageId: 'hook' });
        },
      },
    };
  },
});

/**
 * A helper that sets the hook and runs a function its caller passed in (`createMcpServer({ onInitialize })`
 * with `server.oninitialized = () => options.onInitialize?.(info)`): the caller's function relies on the
 * handshake too, reported at the caller's argument or property, for every caller of the helper.
 */
function callbacksOfHook(values: ValueAnalysis, hook: ts.Expression): ReportDescriptor[] {
  const fn = unwrap(hook);
  const helper = enclosingFunction(hook);
  if (!isFunctionLike(fn) || !fn.body || !helper) return [];
  const helperName = helper.name && ts.isIdentifier(helper.name) ? helper.name.text : undefined;
  if (!helperName) return [];
  const out: ReportDescriptor[] = [];
  const visit = (node: ts.Node): void => {
    if (!ts.isCallExpression(node)) return;
    const callee = unwrap(node.expression);
    const passed = passedIn(values, callee, helper);
    if (!passed) return;
    for (const call of values.calls.callsOf(helper)) {
      const arg = call.arguments[passed.index];
      if (!arg) continue;
      if (!passed.property) {
        out.push({ node: arg, messageId: 'callback', data: { name: arg.getText(), helper: helperName } });
        continue;
      }
      const object = unwrap(arg);
      if (!ts.isObjectLiteralExpression(object)) continue;
      const property = object.properties.find((p) => p.name && propertyNameText(p.name) === passed.property);
      if (property?.name) out.push({ node: property.name, messageId: 'callback', data: { name: passed.property, helper: helperName } });
    }
  };
  // An expression body is itself the call (`() => onReady()`).
  visit(fn.body);
  forEachDescendant(fn.body, visit);
  return out;
}

/** Which of the helper's parameters (and which property of it) `callee` is: `listener`, `options.onInitialize`, `{ onInitialize }`. */
function passedIn(values: ValueAnalysis, callee: ts.Node, helper: ts.FunctionLikeDeclaration): { index: number; property?: string } | undefined {
  const parameterIndex = (decl: ts.Node | undefined) => (decl && ts.isParameter(decl) && decl.parent === helper ? helper.parameters.indexOf(decl) : -1);
  if (ts.isIdentifier(callee)) {
    const decl = values.symbolOf(callee)?.valueDeclaration;
    const index = parameterIndex(decl);
    if (index >= 0) return { index };
    if (decl && ts.isBindingElement(decl) && ts.isObjectBindingPattern(decl.parent)) {
      const paramIndex = parameterIndex(decl.parent.parent);
      const property = propertyNameText((decl.propertyName ?? decl.name) as ts.PropertyName);
      if (paramIndex >= 0 && property) return { index: paramIndex, property };
    }
    return undefined;
  }
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(unwrap(callee.expression))) {
    const index = parameterIndex(values.symbolOf(unwrap(callee.expression) as ts.Identifier)?.valueDeclaration);
    if (index >= 0) return { index, property: callee.name.text };
  }
  return undefined;
}
