import { ts } from '../../typescript.js';
import { propertyNameText } from '../../analysis/ast.js';
import { isServerKind } from '../../analysis/value.js';
import { isConstructorArgument } from '../../analysis/constructor-options.js';
import { V1_EXPERIMENTAL_TASKS } from '../../analysis/sdk-modules.js';
import { isTaskToolRegistration } from '../../analysis/experimental-tasks.js';
import { defineRule, specUrl } from '../rule.js';
/** The server options that build the layer (`taskStore`, `taskMessageQueue`). */
const OPTIONS = new Set([V1_EXPERIMENTAL_TASKS.store.option, V1_EXPERIMENTAL_TASKS.messageQueue.option]);

export default defineRule({
  meta: {
    id: 'deprecated-feature/experimental-tasks',
    category: 'deprecated-feature',
    severity: 'error',
    fix: 'assisted',
    summary: "SDK 1.x's experimental tasks layer: `registerToolTask()`, the `taskStore` / `taskMessageQueue` server options",
    messages: {
      registration:
        '`registerToolTask()` registers a task tool on SDK 1.x\'s experimental tasks layer, which 2026-07-28 removed from the core protocol (SEP-2663: tasks are the `io.modelcontextprotocol/tasks` extension) and SDK v2 does not have: moved as it is, the tool is gone. Rewrite it as a `registerTool` whose handler does the work (progress through `ctx.mcpReq.notify`, questions to the user through `inputRequired`); work that must outlive a request belongs to the Tasks extension.',
      option:
        '`{{option}}` builds SDK 1.x\'s experimental tasks layer, which 2026-07-28 removed from the core protocol (SEP-2663) and SDK v2 does not have: drop the option, its store and the `tasks` capability (`mcp-migrate apply` does, when nothing else uses them).',
    },
    spec: specUrl('changelog'),
  },
  create(context) {
    const { values } = context.analysis;
    return {
      visitors: {
        // `server.experimental.tasks.registerToolTask(…)`, the server an SDK server however it is reached.
        [ts.SyntaxKind.PropertyAccessExpression]: (node: ts.PropertyAccessExpression) => {
          if (isTaskToolRegistration(values, node)) context.report({ node: node.name, messageId: 'registration' });
        },
        [ts.SyntaxKind.PropertyAssignment]: (node: ts.PropertyAssignment) => reportOption(node, node.name),
        [ts.SyntaxKind.ShorthandPropertyAssignment]: (node: ts.ShorthandPropertyAssignment) => reportOption(node, node.name),
      },
    };

    /** `new McpServer(info, { taskStore })`: an option of an SDK server's constructor (inline or through a variable). */
    function reportOption(property: ts.ObjectLiteralElementLike, name: ts.PropertyName): void {
      const option = propertyNameText(name);
      if (option === undefined || !OPTIONS.has(option)) return;
      if (isConstructorArgument(values, property.parent, 1, (created) => isServerKind(values.valueOf(created)))) context.report({ node: name, messageId: 'option', data: { option } });
    }
  },
});
