import { ts } from '../../analysis/typescript.js';
import { propertyNameText, unwrap } from '../../analysis/ast.js';
import { schemaArguments } from '../../analysis/handles.js';
import type { ToolRegistration } from '../../analysis/tools.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { defineRule, specUrl } from '../rule.js';

const IDEMPOTENCY_KEY = /idempot/i;
/** Words and durations that say how long a handle lives. */
const LIFETIME = /\b(?:expires?|expired|expiry|expiration|lifetime|ttl|idle|valid for|lives? for)\b|\b\d+\s*(?:seconds?|minutes?|hours?|days?|weeks?|[smhd])\b/i;

export default defineRule({
  meta: {
    id: 'handle-hygiene/create-tool-contract',
    category: 'handle-hygiene',
    severity: 'warning',
    fix: 'manual',
    summary: 'A handle-minting tool without an idempotency key or without a stated lifetime in its description',
    messages: {
      noIdempotencyKey: '`{{tool}}` mints `{{argument}}` handles but takes no idempotency key: a model that retries the call after a timeout creates a second object. Accept an optional `idempotency_key` and return the same `{{argument}}` for the same key from the same caller.',
      noLifetime: '`{{tool}}`\'s description does not say how long a `{{argument}}` lives: the model cannot know when to mint a new one. State the lifetime (e.g. "expires after 24 hours without use").',
    },
    spec: specUrl('server/tools'),
  },
  create: (context) => ({
    end() {
      // A tool that hands its handle out twice (text and structuredContent) is one tool to fix.
      const seen = new Set<string>();
      for (const family of context.analysis.handles) {
        for (const mint of family.mints) {
          const key = `${mint.tool.nameNode.getSourceFile().fileName}:${mint.tool.nameNode.pos}:${family.argument}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const data = { tool: mint.tool.name, argument: family.argument };
          if (!schemaArguments(mint.tool).some((name) => IDEMPOTENCY_KEY.test(name))) context.report({ node: mint.tool.nameNode, messageId: 'noIdempotencyKey', data });
          const description = descriptionOf(context.analysis.values, mint.tool);
          if (!description || !LIFETIME.test(description)) context.report({ node: descriptionNode(context.analysis.values, mint.tool) ?? mint.tool.nameNode, messageId: 'noLifetime', data });
        }
      }
    },
  }),
});

/** The description's literal text (template parts included), wherever the registration form keeps it. */
function descriptionOf(values: ValueAnalysis, tool: ToolRegistration): string | undefined {
  const node = descriptionNode(values, tool);
  if (!node) return undefined;
  const constant = values.constantString(node);
  if (constant !== undefined) return constant;
  let text = '';
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteralLike(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) text += n.text;
    ts.forEachChild(n, visit);
  };
  visit(node);
  return text;
}

function descriptionNode(values: ValueAnalysis, tool: ToolRegistration): ts.Node | undefined {
  if (tool.api === 'tool') {
    const second = tool.call.arguments[1];
    return second && tool.call.arguments.length > 2 && values.constantString(second) !== undefined ? second : undefined;
  }
  // registerTool's config; a low-level tool's entry in the `tools/list` result.
  const holder = tool.api === 'registerTool' ? tool.config : ts.isPropertyAssignment(tool.nameNode.parent) ? tool.nameNode.parent.parent : undefined;
  if (!holder || !ts.isObjectLiteralExpression(holder)) return undefined;
  const prop = holder.properties.find((p) => propertyNameText(p.name) === 'description');
  return prop && ts.isPropertyAssignment(prop) ? unwrap(prop.initializer) : undefined;
}
