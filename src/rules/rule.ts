/**
 * The rule contract (after typescript-eslint): static `meta` plus `create(context)` returning
 * visitors keyed by syntax kind, and an optional `end()` for rules that report from the
 * project-wide session analysis. Rules never compute locations or file paths themselves:
 * they report a node and a messageId, the engine turns that into a `Finding`.
 */
import { ts } from '../typescript.js';
import type { Category, RuleMeta } from '../model.js';
import type { Analysis } from '../analysis/model.js';
import type { Hop } from '../analysis/value.js';
import { describedFeature, INPUT_REQUEST_FEATURES, type FeatureId, type FeatureUse } from '../analysis/sdk-features.js';
import { handBuiltMessage } from '../analysis/json-rpc-literals.js';

export interface ReportDescriptor {
  node: ts.Node;
  messageId: string;
  data?: Record<string, string>;
  hops?: readonly Hop[];
  /**
   * This site's fix where it is not the rule's: `manual` for a shape no transform edits (a NestJS controller's session
   * route, review 36 R8), so that no report promises `apply` rewrites it.
   */
  fix?: 'manual';
}

export interface RuleContext {
  analysis: Analysis;
  report(descriptor: ReportDescriptor): void;
  /** The file whose nodes the visitors are being called with (the engine's walk sets it; cheaper than `node.getSourceFile()`). */
  currentFile?(): ts.SourceFile | undefined;
}

export type VisitorMap = { [K in ts.SyntaxKind]?: (node: never) => void };

export interface RuleListener {
  visitors?: VisitorMap;
  /** Called once after every file was visited. */
  end?(): void;
}

/** `M`: the rule's message ids, kept by `defineRule` so tests can only name ids the rule has. */
export interface Rule<M extends string = string> {
  meta: RuleMeta & { messages: Record<M, string> };
  create(context: RuleContext): RuleListener;
}

/**
 * What a marker on sessionful serving code stands for (`RuleMeta.markerStandsFor`): the session findings of
 * the endpoint it sits on (its routes, registries, the session ids it reads and logs), not the protocol
 * features that endpoint serves.
 */
export const SESSION_ENDPOINT: readonly Category[] = ['session-transport', 'session-state'];

const SPEC = 'https://modelcontextprotocol.io/specification/2026-07-28';
export const specUrl = (page: string): string => `${SPEC}/${page}`;

export function defineRule<const M extends string>(rule: Rule<M>): Rule<M> {
  return rule;
}

export { handlerRegistration, serverMethodCall } from '../analysis/sdk-features.js';

/**
 * A rule whose every finding is a use of one SDK feature (`analysis.features`, from the SDK
 * description): a call of one of its methods, a raw message, a handler registration, or a method
 * handed on instead of called.
 */
export function featureVisitors(context: RuleContext, feature: FeatureId, reported?: (use: FeatureUse, call: ts.CallExpression) => boolean): RuleListener {
  const { features, values } = context.analysis;
  // A request of an input-request feature built by hand and handed to no call we can see (returned, queued): the
  // sampling/elicitation/roots transform marks it, so the rule reports it (sweep 25 Y6: scan and apply disagreed).
  const messages = INPUT_REQUEST_FEATURES.includes(feature) ? new Set(Object.keys(describedFeature(feature).messages ?? {})) : undefined;
  const handBuilt = messages?.size
    ? {
        [ts.SyntaxKind.ObjectLiteralExpression]: (node: ts.ObjectLiteralExpression) => {
          const method = handBuiltMessage(values, node, (m) => messages.has(m));
          if (method) context.report({ node: method, messageId: 'raw', data: { method: values.constantString(method) ?? '' } });
        },
      }
    : {};
  return {
    visitors: {
      ...handBuilt,
      [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
        const use = features.useAt(node, feature);
        if (use && (!reported || reported(use, node))) context.report(use);
      },
      [ts.SyntaxKind.PropertyAccessExpression]: (node: ts.PropertyAccessExpression) => {
        const use = features.detachedUseAt(node, feature);
        if (use) context.report(use);
      },
    },
  };
}
