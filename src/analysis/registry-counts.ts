/**
 * How code counts the sessions of a session registry (a health or status figure): the serving transform turns such a count
 * into 0 when the registry goes, and the handles transform leaves a registry that is only counted besides its endpoint to it.
 */
import { ts } from '../typescript.js';

/** `ref.size`, or `Object.keys(ref).length` (`values`, `entries`): the number of sessions in the registry `ref`. */
export function sessionCountAt(ref: ts.Node): ts.Expression | undefined {
  const parent = ref.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === ref && parent.name.text === 'size') return parent;
  if (!ts.isCallExpression(parent) || parent.arguments.length !== 1 || parent.arguments[0] !== ref) return undefined;
  const callee = parent.expression;
  const objectListing = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Object' && ['keys', 'values', 'entries'].includes(callee.name.text);
  const length = parent.parent;
  return objectListing && ts.isPropertyAccessExpression(length) && length.expression === parent && length.name.text === 'length' ? length : undefined;
}
