/**
 * The runtime's timers, described once. Rules and transforms ask here whether a call starts (or clears) a timer:
 * a timer's handle is bookkeeping of the connection, an idle reaper is serving plumbing, a registration a timer
 * makes happens while the server serves. Each of them used to carry its own list of names, and the lists drifted
 * (one had `setImmediate`, one accepted `globalThis.setTimeout`, one looked through `node:timers` imports).
 *
 * A timer is the runtime's: the global (`setInterval(…)`, `globalThis.setInterval(…)`) or one imported from
 * `timers` / `node:timers`. A project function of the same name is not one.
 */
import { ts } from '../typescript.js';
import { isRequireCall, unwrap } from './ast.js';
import type { ValueAnalysis } from './values.js';

/** Timers that run a callback later, while the process serves. */
export const DELAYED_TIMERS: ReadonlySet<string> = new Set(['setTimeout', 'setInterval']);
/** Every call that schedules a callback and returns a handle for it. */
export const SCHEDULING_TIMERS: ReadonlySet<string> = new Set([...DELAYED_TIMERS, 'setImmediate']);
/** Calls that cancel a scheduled callback by its handle. */
export const TIMER_CLEARS: ReadonlySet<string> = new Set(['clearTimeout', 'clearInterval']);
/** Calls that read the clock: their values are timestamps, bookkeeping like a timer's handle. */
export const CLOCK_READS: ReadonlySet<string> = new Set(['Date.now', 'performance.now']);
/** Node's modules that export the timers. */
const TIMER_MODULES: ReadonlySet<string> = new Set(['timers', 'node:timers']);
/** Objects whose members are the globals. */
const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(['globalThis', 'global', 'window']);

/**
 * The timer `call` starts (`'setInterval'`, …) when it is one of `names` and the runtime's, else undefined.
 * `setInterval(f)`, `globalThis.setInterval(f)`, `setInterval` imported from `node:timers`; not a project
 * function or variable of that name.
 */
export function timerStarted(call: ts.CallExpression, values: ValueAnalysis, names: ReadonlySet<string> = DELAYED_TIMERS): string | undefined {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return names.has(callee.text) && isRuntimeTimer(callee, values) ? callee.text : undefined;
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && GLOBAL_OBJECTS.has(callee.expression.text)) {
    return names.has(callee.name.text) && isRuntimeTimer(callee.expression, values) ? callee.name.text : undefined;
  }
  return undefined;
}

/**
 * Whether `name` is the runtime's binding: nothing in the program declares it (lib files are not loaded, so a
 * global has no declaration), a declaration file declares it (`@types/node`, when loaded), or every declaration is
 * an import from Node's timers module (or a `require` of it destructured).
 */
function isRuntimeTimer(name: ts.Identifier, values: ValueAnalysis): boolean {
  const declarations = values.symbolOf(name)?.declarations;
  if (!declarations?.length) return true;
  return declarations.every((d) => {
    if (d.getSourceFile().isDeclarationFile) return true;
    // CommonJS: `const { setInterval } = require('node:timers')`.
    if (ts.isBindingElement(d) && ts.isObjectBindingPattern(d.parent) && ts.isVariableDeclaration(d.parent.parent)) {
      const init = d.parent.parent.initializer && unwrap(d.parent.parent.initializer);
      return !!init && isRequireCall(init) && TIMER_MODULES.has((init.arguments[0] as ts.StringLiteralLike).text);
    }
    if (!ts.isImportSpecifier(d)) return false;
    const specifier = d.parent.parent.parent.moduleSpecifier;
    return ts.isStringLiteral(specifier) && TIMER_MODULES.has(specifier.text);
  });
}
