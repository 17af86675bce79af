/**
 * The public interface that set a removed idle reaper's TTL (idle-reapers.ts): an option of an exported function
 * or an environment variable. Callers and configuration outside the file still set it, so it is not removed
 * (that changes a public interface): it is marked, here and where other files pass it, as having no effect now.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, unwrap, statementOf } from '../../analysis/ast.js';
import type { ServingSite } from './serving-site-view.js';
import { functionName } from './syntax-queries.js';

/**
 * When a removed TTL variable was computed from a parameter of an exported function (`options.sessionTtlSeconds`)
 * or the environment: the marker for that option, which stays in the public interface with no effect now.
 */
export function publicOption(site: ServingSite, decl: ts.VariableDeclaration): PublicOption | undefined {
  const values = site.result.analysis.values;
  const init = decl.initializer;
  if (!init) return undefined;
  const fn = enclosingFunction(decl);
  const env = new Set<string>();
  const read: string[] = [];
  const visitEnv = (root: ts.Node, seen: Set<ts.Node>): void => {
    forSelfAndDescendants(root, (node) => {
      if (ts.isPropertyAccessExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.getText(site.sf) === 'process.env') env.add(node.name.text);
      // Follow the project's own functions the TTL is computed by (a resolver reading the environment).
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const target = values.symbolOf(node.expression)?.valueDeclaration;
        if (target && isFunctionLike(target) && target.getSourceFile() === site.sf && !seen.has(target)) {
          seen.add(target);
          visitEnv(target, seen);
        }
      }
    });
  };
  visitEnv(init, new Set());
  let parameterFn: ts.FunctionLikeDeclaration | undefined;
  const properties: Array<{ parameter: number; name: string }> = [];
  forSelfAndDescendants(init, (node) => {
    if (!ts.isPropertyAccessExpression(node) || !ts.isIdentifier(node.expression)) return;
    const target = values.symbolOf(node.expression)?.valueDeclaration;
    if (target && ts.isParameter(target) && fn && target.parent === fn && isExported(fn)) {
      parameterFn = fn;
      read.push(node.getText(site.sf));
      properties.push({ parameter: fn.parameters.indexOf(target), name: node.name.text });
    }
  });
  if (!parameterFn && env.size === 0) return undefined;
  const name = functionName(parameterFn ?? fn);
  const names = [...read.map((r) => `\`${r}\``), ...[...env].map((e) => `the ${e} environment variable`)];
  const it = names.length > 1 ? 'them' : 'it';
  const where = parameterFn && name ? ` Remove ${it} from \`${name}\`'s options and from the callers that set ${it} (a CLI flag) when you change that public interface.` : ` Remove ${it} from your configuration and documentation.`;
  return {
    node: parameterFn ?? decl,
    fn: parameterFn,
    properties,
    env: [...env],
    message: `${names.join(' and ')} set the idle TTL of MCP sessions, which the server no longer has: the reaper that read ${it} is removed with the session registry, so ${names.length > 1 ? 'they have' : 'it has'} no effect now.${where}`,
  };
}

interface PublicOption {
  node: ts.Node;
  message: string;
  /** The exported function whose options set the TTL, and which of its parameters' properties did. */
  fn?: ts.FunctionLikeDeclaration;
  properties: Array<{ parameter: number; name: string }>;
  env: string[];
}

/**
 * Markers where other files pass that option (`startHttp(port, { sessionTtlSeconds: ttl })` in a CLI): the
 * value they compute (a flag, an environment variable) no longer does anything either.
 */
export function optionCallers(site: ServingSite, option: PublicOption): Array<{ node: ts.Node; message: string }> {
  const values = site.result.analysis.values;
  const fn = option.fn;
  const fnName = functionName(fn);
  if (!fn || !fnName || option.properties.length === 0) return [];
  const out: Array<{ node: ts.Node; message: string }> = [];
  for (const sf of site.result.sourceFiles) {
    if (sf === site.sf) continue;
    forEachDescendant(sf, (node) => {
      if (!ts.isCallExpression(node) || calleeParts(node).name !== fnName) return;
      const callee = unwrap(node.expression);
      const target = values.symbolOf(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
      const declaration = target && (target.flags & ts.SymbolFlags.Alias ? values.checker.getAliasedSymbol(target) : target).valueDeclaration;
      // `const { startHttp } = await import('./server.js')` binds a local: its type is still the function's.
      if (declaration !== fn && values.checker.getTypeAtLocation(callee).getSymbol()?.valueDeclaration !== fn) return;
      for (const { parameter, name } of option.properties) {
        const arg = node.arguments[parameter];
        if (!arg) continue;
        forSelfAndDescendants(arg, (prop) => {
          if (!(ts.isPropertyAssignment(prop) || ts.isShorthandPropertyAssignment(prop)) || prop.name.getText(sf) !== name) return;
          out.push({
            node: prop,
            message: `\`${name}\` no longer has any effect: the idle-session reaper of \`${fnName}\` it configured is removed with the session registry (${site.result.relative(site.sf.fileName)}). Remove it here, with the option or environment variable that feeds it, when you change that public interface.`,
          });
        });
      }
    });
  }
  return out;
}

function isExported(fn: ts.FunctionLikeDeclaration): boolean {
  const statement = ts.isFunctionDeclaration(fn) ? fn : statementOf(fn);
  return !!ts.getModifiers(statement as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function forSelfAndDescendants(root: ts.Node, visit: (node: ts.Node) => void): void {
  visit(root);
  forEachDescendant(root, visit);
}
