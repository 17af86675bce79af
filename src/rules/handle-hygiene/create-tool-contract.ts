import { ts } from '../../typescript.js';
import { propertyNameText, unwrap } from '../../analysis/ast.js';
import { schemaArguments, schemaProperty } from '../../analysis/handles.js';
import type { ToolRegistration } from '../../analysis/tools.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { defineRule, specUrl } from '../rule.js';

const IDEMPOTENCY_KEY = /idempot/i;
/** MCP tool annotations (spec `ToolAnnotations`) that say a second call has no further effect. */
const NO_SIDE_EFFECT_HINTS = new Set(['readOnlyHint', 'idempotentHint']);
const ANNOTATION_HINTS = new Set(['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
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
      ignoredIdempotencyKey: '`{{tool}}` declares `{{key}}` but its handler never reads it: a retry with the same key still creates a second `{{argument}}`. Remember the handle minted for each (caller, key) and return it again.',
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
          const toolKey = `${mint.tool.nameNode.getSourceFile().fileName}:${mint.tool.nameNode.pos}:${family.argument}`;
          if (seen.has(toolKey)) continue;
          seen.add(toolKey);
          const data = { tool: mint.tool.name, argument: family.argument };
          const key = schemaArguments(mint.tool, context.analysis.values).find((name) => IDEMPOTENCY_KEY.test(name));
          // A tool annotated read-only or idempotent says a retry changes nothing: it needs no key of its own.
          if (!key) {
            if (!declaresNoSideEffect(mint.tool)) context.report({ node: mint.tool.nameNode, messageId: 'noIdempotencyKey', data });
          }
          else if (!readsArgument(mint.tool, key)) context.report({ node: schemaProperty(mint.tool, key) ?? mint.tool.nameNode, messageId: 'ignoredIdempotencyKey', data: { ...data, key } });
          // The model reads every tool's description: the lifetime stated by a tool that takes the handle is known too.
          const statesLifetime = [mint.tool, ...family.consumers.map((c) => c.tool)].some((tool) => LIFETIME.test(descriptionOf(context.analysis.values, tool) ?? ''));
          if (!statesLifetime) context.report({ node: descriptionNode(context.analysis.values, mint.tool) ?? mint.tool.nameNode, messageId: 'noLifetime', data });
        }
      }
    },
  }),
});

/** `annotations: { readOnlyHint: true }` or `{ idempotentHint: true }` on the tool, in any registration form. */
function declaresNoSideEffect(tool: ToolRegistration): boolean {
  const annotations = annotationsOf(tool);
  if (!annotations) return false;
  return annotations.properties.some((p) => ts.isPropertyAssignment(p) && NO_SIDE_EFFECT_HINTS.has(propertyNameText(p.name) ?? '') && unwrap(p.initializer).kind === ts.SyntaxKind.TrueKeyword);
}

function annotationsOf(tool: ToolRegistration): ts.ObjectLiteralExpression | undefined {
  if (tool.api === 'tool') {
    // server.tool(name, [description], [schema], annotations, cb): the object whose keys are all hints.
    return tool.call.arguments.slice(1, -1).map((a) => unwrap(a)).find((a): a is ts.ObjectLiteralExpression =>
      ts.isObjectLiteralExpression(a) && a.properties.length > 0 && a !== tool.schema.node && a.properties.every((p) => ANNOTATION_HINTS.has(propertyNameText(p.name) ?? '')));
  }
  // registerTool's config; a low-level tool's entry in the `tools/list` result.
  const holder = tool.api === 'registerTool' ? tool.config : ts.isPropertyAssignment(tool.nameNode.parent) ? tool.nameNode.parent.parent : undefined;
  if (!holder || !ts.isObjectLiteralExpression(holder)) return undefined;
  const prop = holder.properties.find((p) => propertyNameText(p.name) === 'annotations');
  const value = prop && ts.isPropertyAssignment(prop) ? unwrap(prop.initializer) : undefined;
  return value && ts.isObjectLiteralExpression(value) ? value : undefined;
}

/** The handler takes the argument out of its arguments: `{ key }` destructured, or `args.key` read. */
function readsArgument(tool: ToolRegistration, name: string): boolean {
  const handler = tool.handler;
  if (!handler) return true;
  let read = false;
  const visit = (node: ts.Node): void => {
    if (read) return;
    if (ts.isBindingElement(node) && (propertyNameText(node.propertyName) ?? (ts.isIdentifier(node.name) ? node.name.text : '')) === name) read = true;
    if ((ts.isPropertyAccessExpression(node) && node.name.text === name) || (ts.isElementAccessExpression(node) && propertyNameText(node.argumentExpression as ts.PropertyName) === name)) read = true;
    ts.forEachChild(node, visit);
  };
  handler.parameters.forEach(visit);
  if (tool.branch ?? handler.body) visit((tool.branch ?? handler.body)!);
  return read;
}

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
