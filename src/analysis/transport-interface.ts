/**
 * Whether a class implements the SDK's transport interface, resolved through imports and aliases: what the value
 * analysis reads (a project's own transport is a transport) and what transport-classes.ts builds on. Apart from the
 * analysis model so that the value analysis can read it without importing the model it is part of.
 */
import { ts } from '../typescript.js';
import { TRANSPORT_INTERFACE } from './sdk-modules.js';
import type { SdkSymbols } from './sdk-symbols.js';

/** `node` is declared as implementing the SDK's transport interface, resolved through `sdk`'s imports. */
export function declaresTransport(sdk: SdkSymbols, node: ts.ClassLikeDeclaration): boolean {
  return !!node.heritageClauses?.some((h) => h.token === ts.SyntaxKind.ImplementsKeyword && h.types.some((t) => sdk.exportOf(t.expression)?.name === TRANSPORT_INTERFACE));
}
