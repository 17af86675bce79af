/** Calls that are a test's assertions (see frameworks/test-assertions.ts): what is written in them is expected, not done. */
import { ts } from '../typescript.js';
import { TEST_ASSERTIONS } from '../frameworks/test-assertions.js';

const EXPECT: ReadonlySet<string> = new Set(TEST_ASSERTIONS.expectFunctions);
const ASSERT: ReadonlySet<string> = new Set(TEST_ASSERTIONS.assertFunctions);

/**
 * Whether `call` is an assertion: a matcher of an `expect(…)` chain (`expect(x).toHaveBeenCalledWith(…)`,
 * `expect(x).not.toEqual(…)`, `expect.soft(x).toMatchObject(…)`), or `assert(…)` / `assert.x(…)`.
 */
export function isAssertionCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return ASSERT.has(callee.text);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  if (ts.isIdentifier(callee.expression) && ASSERT.has(callee.expression.text)) return true;
  // Down the chain to the call it starts from: `expect(x)` (or `expect.soft(x)`) makes this a matcher.
  for (let node: ts.Expression = callee.expression; ; ) {
    if (ts.isPropertyAccessExpression(node)) node = node.expression;
    else if (ts.isCallExpression(node)) {
      const start = ts.isPropertyAccessExpression(node.expression) ? node.expression.expression : node.expression;
      if (ts.isIdentifier(start) && EXPECT.has(start.text)) return true;
      node = node.expression;
    } else return false;
  }
}

/**
 * `expect(x)`, `expect.soft(x)`, `assert(x)`, `assert.ok(x)`: a call whose arguments are what a test asserts about, so
 * `expect(server.createMessage).toHaveBeenCalled()` inspects the method (a mock), it does not hand it on (sweep 20 T4).
 */
export function takesAssertionSubject(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return EXPECT.has(callee.text) || ASSERT.has(callee.text);
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && (EXPECT.has(callee.expression.text) || ASSERT.has(callee.expression.text));
}
