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
import { moduleOfImport } from './package-imports.js';
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

/** Modules whose `watch` (and Node's `watchFile`) start a file watcher: its callbacks run when files change. */
const WATCHER_MODULES: ReadonlyMap<string, readonly string[]> = new Map([
  ['fs', ['watch', 'watchFile']],
  ['node:fs', ['watch', 'watchFile']],
  ['chokidar', ['watch']],
]);
/** Modules whose `watch` returns an async iterator of changes (`for await (const event of watch(dir))`). */
const ITERATED_WATCHER_MODULES: ReadonlySet<string> = new Set(['fs/promises', 'node:fs/promises']);
/** How a callback is added to a watcher object (`watcher.on('change', cb)`). */
const LISTENER_METHODS: ReadonlySet<string> = new Set(['on', 'once', 'addListener']);

/**
 * The file watcher that runs `callback`, an argument of `call`, when files change — `fs.watch(dir, cb)`,
 * `watchFile(path, cb)`, `chokidar.watch(dir).on('all', cb)`, `watcher.on('change', cb)` with `watcher` such a
 * watcher — named as written (`'fs.watch'`, `'chokidar.watch'`), else undefined. Like a timer's, such a callback runs
 * while the process serves, outside any request (sweep 28 AB8: a skills directory watched to refresh a tool's description).
 */
export function watcherRunning(call: ts.CallExpression, callback: ts.Node, values: ValueAnalysis): string | undefined {
  if (!call.arguments.includes(callback as ts.Expression)) return undefined;
  const callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee) && LISTENER_METHODS.has(callee.name.text)) return watcherOf(callee.expression, values);
  return call.arguments.at(-1) === callback ? watchCallName(call, values) : undefined;
}

/** The watcher an expression is (`chokidar.watch(dir)`, a chain of its `.on(…)`, a variable holding one). */
function watcherOf(expression: ts.Expression, values: ValueAnalysis, depth = 0): string | undefined {
  const inner = unwrap(expression);
  if (ts.isCallExpression(inner)) {
    const started = watchCallName(inner, values);
    if (started) return started;
    const callee = unwrap(inner.expression);
    // `chokidar.watch(dir).on('add', a).on('change', b)`: each `.on` returns the watcher.
    return ts.isPropertyAccessExpression(callee) && LISTENER_METHODS.has(callee.name.text) && depth < 8 ? watcherOf(callee.expression, values, depth + 1) : undefined;
  }
  if (!ts.isIdentifier(inner) || depth >= 8) return undefined;
  const declaration = values.symbolOf(inner)?.valueDeclaration;
  return declaration && ts.isVariableDeclaration(declaration) && declaration.initializer ? watcherOf(declaration.initializer, values, depth + 1) : undefined;
}

/** `watch(dir)` of `fs/promises`, iterated by a `for await` loop: named `'fs/promises.watch'`. */
export function watchIterated(call: ts.CallExpression, values: ValueAnalysis): string | undefined {
  return watchCallName(call, values, ITERATED_WATCHER_MODULES);
}

/** `fs.watch(…)` / `watch(…)` / `chokidar.watch(…)` of a watcher module, by the binding the callee is imported as. */
function watchCallName(call: ts.CallExpression, values: ValueAnalysis, iterated?: ReadonlySet<string>): string | undefined {
  const callee = unwrap(call.expression);
  const [binding, member] = ts.isIdentifier(callee)
    ? [callee, callee.text]
    : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)
      ? [callee.expression, callee.name.text]
      : [undefined, undefined];
  if (!binding) return undefined;
  const declaration = values.symbolOf(binding)?.declarations?.[0];
  const from = declaration && moduleOfImport(declaration);
  if (!from || !(iterated ? iterated.has(from) && member === 'watch' : WATCHER_MODULES.get(from)?.includes(member!))) return undefined;
  // A named import is the member itself (`import { watch } from 'chokidar'`); a namespace, default or `require` binding is the module.
  const named = ts.isImportSpecifier(declaration!) || ts.isBindingElement(declaration!);
  if (named && binding !== callee) return undefined;
  return `${from.replace(/^node:/, '')}.${member}`;
}
