/**
 * SDK 1.x's experimental tasks layer as the code reaches it: `server.experimental.tasks.registerToolTask`
 * on an SDK server, however the server is reached (the SDK description names the path). Read by the
 * `deprecated-feature/experimental-tasks` rule and by the sdk-v2 transform, which marks such a registration
 * where the layer keeps its package on SDK 1.x.
 */
import { ts } from '../typescript.js';
import { unwrap } from './ast.js';
import { isServerKind } from './value.js';
import { V1_EXPERIMENTAL_TASKS } from './sdk-modules.js';
import type { ValueAnalysis } from './values.js';

const [EXPERIMENTAL, TASKS, REGISTER_TOOL_TASK] = V1_EXPERIMENTAL_TASKS.toolRegistration;

/** Whether `node` is `<SDK server>.experimental.tasks.registerToolTask` (a call's callee, or a test's reference to it). */
export function isTaskToolRegistration(values: ValueAnalysis, node: ts.PropertyAccessExpression): boolean {
  if (node.name.text !== REGISTER_TOOL_TASK) return false;
  const tasks = unwrap(node.expression);
  if (!ts.isPropertyAccessExpression(tasks) || tasks.name.text !== TASKS) return false;
  const experimental = unwrap(tasks.expression);
  if (!ts.isPropertyAccessExpression(experimental) || experimental.name.text !== EXPERIMENTAL) return false;
  return isServerKind(values.valueOf(experimental.expression));
}
