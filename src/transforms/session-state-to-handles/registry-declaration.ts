/**
 * The text of a store's handle registry (`createHandleRegistry({ ... })`): its lifetimes as the user would write
 * them, and how it drops expired state from the user's store. Where it goes is the store rewrite's decision.
 */
import { ts } from '../../typescript.js';
import { unwrap } from '../../analysis/ast.js';
import type { HandleNames } from '../kit/plan.js';
import { describeDuration } from '../kit/duration.js';
import type { ModuleFlavour } from '../kit/source-style.js';

export function topLevelStatement(node: ts.Node): ts.Statement | undefined {
  let current: ts.Node = node;
  while (current.parent && !ts.isSourceFile(current.parent)) current = current.parent;
  return ts.isSourceFile(current.parent) && !ts.isClassDeclaration(current) ? (current as ts.Statement) : undefined;
}

/** How the registry drops expired state from the user's store: `carts.delete(id)` for a Map, `delete carts[id]` for an object. */
export function expiryCallback(decl: ts.Node, name: string): string | undefined {
  const isField = ts.isPropertyDeclaration(decl) && ts.isClassLike(decl.parent);
  if (!isField && (!ts.isVariableDeclaration(decl) || !ts.isSourceFile(topLevelStatement(decl)?.parent ?? decl))) return undefined;
  const initializer = (decl as ts.VariableDeclaration | ts.PropertyDeclaration).initializer;
  if (!initializer) return undefined;
  if (isField && !name.startsWith('this.')) name = `this.${name}`;
  const init = unwrap(initializer);
  if (ts.isNewExpression(init) && ts.isIdentifier(init.expression) && ['Map', 'WeakMap', 'LRUCache'].includes(init.expression.text)) return `(id) => ${name}.delete(id)`;
  if (ts.isObjectLiteralExpression(init)) return `(id) => delete ${name}[id]`;
  return undefined;
}

/** The cap written into a generated registry (the mcp-handles default): the user's to change. */
const MAX_PER_CALLER = 100;

/** `24 * 60 * 60 * 1000` reads better than `86400000` in the user's code. */
function ttlExpression(ms: number): string {
  if (ms % 86_400_000 === 0 && ms > 86_400_000) return `${ms / 86_400_000} * 24 * 60 * 60 * 1000`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} * 60 * 60 * 1000`;
  if (ms % 60_000 === 0) return `${ms / 60_000} * 60 * 1000`;
  if (ms % 1_000 === 0) return `${ms / 1_000} * 1000`;
  return String(ms);
}

interface RegistrySettings {
  names: HandleNames;
  ttlMs: number;
  maxAgeMs: number;
  /** The callback that drops an expired handle's state from the user's store (`expiryCallback`), if one fits. */
  onExpire: string | undefined;
  /** Whether other files import it: exported (`module.exports` in CommonJS). */
  exported: boolean;
  flavour: ModuleFlavour;
}

/** The registry as a top-level declaration, with a comment that states its lifetimes and cap. */
export function registryDeclaration({ names, ttlMs, maxAgeMs, onExpire, exported, flavour }: RegistrySettings): string {
  return [
    `/** ${names.argument} handles (mcp-migrate): minted by ${names.mintTool}, bound to the caller, expire after ${describeDuration(ttlMs)} idle or ${describeDuration(maxAgeMs)} after minting, at most ${MAX_PER_CALLER} live per caller. */`,
    `${exported && flavour !== 'cjs' ? 'export ' : ''}const ${names.registry} = createHandleRegistry({`,
    `  prefix: '${names.noun}',`,
    `  argument: '${names.argument}',`,
    `  mintTool: '${names.mintTool}',`,
    `  ttlMs: ${ttlExpression(ttlMs)},`,
    `  maxAgeMs: ${ttlExpression(maxAgeMs)},`,
    `  maxPerCaller: ${MAX_PER_CALLER},`,
    ...(onExpire ? [`  onExpire: ${onExpire},`] : []),
    `});`,
    ...(exported && flavour === 'cjs' ? [`module.exports.${names.registry} = ${names.registry};`] : []),
  ].join('\n');
}

/** The same declaration as a private field of the class that owns the store, indented like the store's field. */
export function asClassField(registry: string, indent: string, unit: string): string {
  return registry
    .replace(/^(export )?const (\w+) = /m, 'private readonly $2 = ')
    .split('\n')
    .map((line) => (line.startsWith('  ') ? `${indent}${unit}${line.slice(2)}` : `${indent}${line}`))
    .join('\n');
}
