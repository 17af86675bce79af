import { ts } from '../../typescript.js';
import { propertyNameText } from '../../analysis/ast.js';
import { isTransportOptions } from '../../analysis/constructor-options.js';
import { defineRule, specUrl } from '../rule.js';

const CALLBACKS = new Set(['onsessioninitialized', 'onsessionclosed']);

export default defineRule({
  meta: {
    id: 'session-transport/session-lifecycle',
    category: 'session-transport',
    severity: 'error',
    fix: 'assisted',
    summary: '`onsessioninitialized` / `onsessionclosed` transport callbacks',
    messages: {
      callback:
        '`{{name}}` never runs on 2026-07-28: there is no session to open or close. Move setup into the per-request server factory and cleanup into a TTL on explicit handles.',
    },
    spec: specUrl('basic/transports/streamable-http'),
  },
  create(context) {
    const check = (prop: ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ts.MethodDeclaration): void => {
      const name = propertyNameText(prop.name);
      if (!name || !CALLBACKS.has(name) || !isTransportOptions(context.analysis.values, prop.parent)) return;
      const { values } = context.analysis;
      if (ts.isPropertyAssignment(prop) && values.isUndefinedValue(prop.initializer)) return;
      if (ts.isShorthandPropertyAssignment(prop) && values.isUndefinedValue(prop.name)) return;
      context.report({ node: prop.name, messageId: 'callback', data: { name } });
    };
    return {
      visitors: {
        [ts.SyntaxKind.PropertyAssignment]: check,
        [ts.SyntaxKind.ShorthandPropertyAssignment]: check,
        [ts.SyntaxKind.MethodDeclaration]: check,
      },
    };
  },
});
