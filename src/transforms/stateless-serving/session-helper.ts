/**
 * The helper of the helper-registry shape (session-registry.ts): the named function that makes the transport
 * (`async function createSession()`), found from the transport, and where its statement ends, so the stateless
 * entry can take its place.
 */
import { ts } from '../../typescript.js';
import { enclosingFunction, outermostWrapper } from '../../analysis/ast.js';
import { soleStatement } from './syntax-queries.js';

interface Helper {
  fn: ts.FunctionLikeDeclaration;
  name: string;
  nameNode: ts.Identifier;
  /** The statement declaring it (a function declaration or `const f = async () => …`). */
  statement: ts.Statement;
}

/** The named function (not a method) the transport is created in, declared as a statement of a block or the file. */
export function helperOf(transport: ts.NewExpression): Helper | undefined {
  const fn = enclosingFunction(transport);
  if (!fn || !fn.body || !ts.isBlock(fn.body)) return undefined;
  if (ts.isFunctionDeclaration(fn) && fn.name) return { fn, name: fn.name.text, nameNode: fn.name, statement: fn };
  const holder = outermostWrapper(fn).parent;
  const statement = holder && ts.isVariableDeclaration(holder) ? soleStatement(holder) : undefined;
  if (statement && ts.isIdentifier((holder as ts.VariableDeclaration).name)) {
    const nameNode = (holder as ts.VariableDeclaration).name as ts.Identifier;
    return { fn, name: nameNode.text, nameNode, statement };
  }
  return undefined;
}

/** End of the helper's statement with its line break. */
export function helperEnd(sf: ts.SourceFile, statement: ts.Node): number {
  const lineEnd = sf.text.indexOf('\n', statement.end);
  return lineEnd < 0 ? sf.text.length : lineEnd + 1;
}
