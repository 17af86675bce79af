/**
 * The project's own function behind one server every session shares (sweep 29 AC3): a route connecting
 * `localMcpServer` — `export const localMcpServer = defineServer()`, built once at module level — to each session's
 * transport has a factory already, `defineServer`, which the advice names instead of a placeholder.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { sessionConnection } from '../../analysis/session-servers.js';
import { isServerKind } from '../../analysis/value.js';

export interface SharedServerFactory {
  /** The function's name, as the advice calls it (`defineServer`). */
  name: string;
  /** The shared server's name (`localMcpServer`). */
  server: string;
  /** Where the function is declared, relative to the project. */
  file: string;
  /** Whether the route's file can import it: declared there, or exported. */
  reachable: boolean;
}

/**
 * The function that builds the one server `sf`'s session set-ups all connect, when that server is a variable initialised
 * by a call to a project function that builds and returns a server; undefined when there is none, or several.
 */
export function sharedServerFactory(result: AnalysisResult, sf: ts.SourceFile): SharedServerFactory | undefined {
  const { values } = result.analysis;
  const found = new Map<ts.Node, SharedServerFactory>();
  forEachDescendant(sf, (node) => {
    if (!ts.isCallExpression(node)) return;
    const shared = sessionConnection(values, node)?.shared;
    const declaration = shared && values.symbolOf(shared)?.valueDeclaration;
    if (!shared || !declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return;
    const init = unwrap(declaration.initializer);
    if (!ts.isCallExpression(init) || init.arguments.length > 0 || !isServerKind(values.valueOf(init))) return;
    const fn = values.calls.functionOfCall(init);
    if (!fn?.body || fn.getSourceFile().isDeclarationFile || !ts.isFunctionDeclaration(fn) || !fn.name) return;
    const exported = !!ts.getCombinedModifierFlags(fn) && (ts.getCombinedModifierFlags(fn) & ts.ModifierFlags.Export) !== 0;
    found.set(fn, { name: fn.name.text, server: shared.text, file: result.relative(fn.getSourceFile().fileName), reachable: fn.getSourceFile() === sf || exported });
  });
  return found.size === 1 ? [...found.values()][0] : undefined;
}

/** What the marker adds about it: the factory to serve with, and the shared instance that goes. */
export function sharedServerNote(factory: SharedServerFactory): string {
  const serve = factory.reachable ? 'serve with it' : 'export it and serve with it';
  return `\`${factory.name}\` (${factory.file}) already builds the server: ${serve} (a new server per request), and remove the one instance \`${factory.server}\` that every session shares now.`;
}
