/**
 * Test frameworks' assertions, described as data (like the SDK and server frameworks beside it): a
 * message written inside an assertion — `expect(server.notification).toHaveBeenCalledWith({ method:
 * 'notifications/tools/list_changed' })` — is what a test expects the code under test to send, not a
 * message sent. The analysis asks `isAssertionCall` before it takes an argument for a message.
 */
export const TEST_ASSERTIONS = {
  /** Functions whose call starts a matcher chain: `expect(x).toX(…)`, `expect(x).not.toX(…)`, `expect.soft(x).toX(…)` (jest, vitest, bun, playwright). */
  expectFunctions: ['expect'],
  /** Assertion objects and functions called directly: `assert.deepEqual(…)`, `assert(…)` (node:assert, chai's assert). */
  assertFunctions: ['assert'],
} as const;
