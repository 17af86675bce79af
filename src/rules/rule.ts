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
import type { FeatureId, FeatureUse } from '../analysis/sdk-features.js';

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
  const { features } = context.analysis;
  return {
    visitors: {
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
