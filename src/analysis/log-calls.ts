/**
 * Whether a call the session id is passed to is a log or trace call (`console.log`, `logger.info`, `span.setAttribute`,
 * a project's `logDebug`): the id then reaches telemetry, which the session-telemetry rule and the handle transform
 * treat apart from state. By names only, since loggers are rarely typed; the receiver's name is split into words
 * so that `catalog.get` is not a logger.
 */
import { ts } from '../typescript.js';
import { calleeParts, unwrap } from './ast.js';

const LOG_METHODS = new Set([
  'log', 'info', 'debug', 'warn', 'error', 'trace', 'fatal', 'verbose', 'child',
  'setAttribute', 'setAttributes', 'addEvent', 'setTag', 'increment', 'gauge', 'histogram', 'record', 'captureMessage',
]);
/** Receivers that are loggers or tracers by name; split into words, so `catalog` is not a logger. */
const LOGGER_RECEIVERS = new Set(['console', 'pino', 'winston', 'bunyan', 'tracer', 'span', 'metrics', 'statsd', 'sentry']);

const LOG_WORDS = new Set(['log', 'logger', 'debug', 'trace', 'audit', 'telemetry', 'tracer', 'span']);

/** `testDebug`, `logInfo`, `debug_log` → true; `catalog`, `blog` → false. */
function namesALogger(name: string): boolean {
  return name
    .split(/[_$]|(?<=[a-z0-9])(?=[A-Z])/)
    .some((word) => LOG_WORDS.has(word.toLowerCase()));
}

export function isLogCall(call: ts.CallExpression): boolean {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return namesALogger(callee.text);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  if (!LOG_METHODS.has(callee.name.text)) return false;
  const receiver = unwrap(callee.expression);
  const receiverName = ts.isIdentifier(receiver)
    ? receiver.text
    : ts.isPropertyAccessExpression(receiver)
      ? receiver.name.text
      : ts.isCallExpression(receiver)
        ? calleeParts(receiver).name ?? ''
        : '';
  return LOGGER_RECEIVERS.has(receiverName) || namesALogger(receiverName) || /^(getLogger|getActiveSpan|child|activeSpan)$/.test(receiverName);
}
