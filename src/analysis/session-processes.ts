/**
 * Child processes started once per session: a gateway that spawns its stdio backend in the function that sets up a
 * session's transport (see `session-servers.ts`) gives every session its own backend process, initialized by that
 * session's `initialize` and keeping whatever the backend keeps between calls. On 2026-07-28 there is no session for
 * it to live as long as: requests of one conversation may reach any process, or none that was initialized.
 *
 * Only `node:child_process` counts (`spawn`, `fork`, `exec`, `execFile` and their sync forms), resolved through named,
 * default and namespace imports and `require`; a project function of the same name is not a process.
 */
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isInside, propertyNameText, unwrap } from './ast.js';
import { CLIENT_TRANSPORTS, isClientSdkModule } from './sdk-modules.js';
import { returnedExpressions, type ValueAnalysis } from './values.js';

const CHILD_PROCESS_MODULES = new Set(['child_process', 'node:child_process']);
const STARTERS = new Set(['spawn', 'fork', 'exec', 'execFile', 'spawnSync', 'execSync', 'execFileSync']);
/** The synchronous forms run to completion inside the call: no process outlives the set-up. */
const SYNCHRONOUS = new Set(['spawnSync', 'execSync', 'execFileSync']);

/** Calls in the body of `setup` itself (not in callbacks it registers) that start a long-lived child process. */
export function processesStartedIn(values: ValueAnalysis, setup: ts.FunctionLikeDeclaration): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  if (!setup.body) return out;
  forEachDescendant(setup.body, (node) => {
    if (!ts.isCallExpression(node) || enclosingFunction(node) !== setup) return;
    if (startsChildProcess(values, node)) out.push(node);
  });
  return out;
}

/** Whether `call` starts a long-lived child process (`spawn`, `fork`, `exec`, `execFile`; not their sync forms). */
export function startsChildProcess(values: ValueAnalysis, call: ts.CallExpression): boolean {
  const started = childProcessFunction(values, call);
  return started !== undefined && !SYNCHRONOUS.has(started);
}

/** The `child_process` function a call invokes (`spawn(…)`, `cp.fork(…)`, `require('child_process').spawn(…)`). */
function childProcessFunction(values: ValueAnalysis, call: ts.CallExpression): string | undefined {
  const { name, receiver } = calleeParts(call);
  if (!name || !STARTERS.has(name)) return undefined;
  const callee = unwrap(call.expression);
  if (receiver) {
    const root = unwrap(receiver);
    if (isChildProcessRequire(root)) return name;
    return ts.isIdentifier(root) && moduleOfBinding(values, root, false) ? name : undefined;
  }
  return ts.isIdentifier(callee) ? moduleOfBinding(values, callee, true) : undefined;
}

/**
 * Whether `id` is bound to `child_process`: as the module itself (`import * as cp`, `import cp from`,
 * `const cp = require(…)`) when `member` is false, or to one of its functions (`import { spawn as run }`,
 * `const { spawn } = require(…)`) when true — then the function's own name.
 */
function moduleOfBinding(values: ValueAnalysis, id: ts.Identifier, member: boolean): string | undefined {
  for (const decl of values.symbolOf(id)?.declarations ?? []) {
    if (member && ts.isImportSpecifier(decl) && isChildProcessSpecifier(decl.parent.parent.parent.moduleSpecifier)) {
      return (decl.propertyName ?? decl.name).text;
    }
    if (!member && ts.isNamespaceImport(decl) && isChildProcessSpecifier(decl.parent.parent.moduleSpecifier)) return id.text;
    if (!member && ts.isImportClause(decl) && isChildProcessSpecifier(decl.parent.moduleSpecifier)) return id.text;
    if (!member && ts.isVariableDeclaration(decl) && decl.initializer && isChildProcessRequire(unwrap(decl.initializer))) return id.text;
    if (member && ts.isBindingElement(decl) && ts.isVariableDeclaration(decl.parent.parent)) {
      const init = decl.parent.parent.initializer;
      if (init && isChildProcessRequire(unwrap(init))) return propertyNameText(decl.propertyName) ?? (ts.isIdentifier(decl.name) ? decl.name.text : undefined);
    }
  }
  return undefined;
}

function isChildProcessSpecifier(spec: ts.Expression): boolean {
  return ts.isStringLiteralLike(spec) && CHILD_PROCESS_MODULES.has(spec.text);
}

function isChildProcessRequire(node: ts.Node): boolean {
  return (
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'require' &&
    node.arguments.length === 1 &&
    isChildProcessSpecifier(node.arguments[0]!)
  );
}

/**
 * Upstream MCP connections opened once per session: calls in the body of `setup` itself that construct an SDK client
 * transport (`new StdioClientTransport(…)`, `new StreamableHTTPClientTransport(url)`), or call a project function that
 * returns one (`serverTransport = await createTransport(req)`, with `const transport = new SSEClientTransport(url);
 * return transport` on one of its paths). A proxy doing this gives every client session its own upstream server,
 * initialized by that session and keeping whatever it keeps between calls.
 */
export function upstreamsOpenedIn(values: ValueAnalysis, setup: ts.FunctionLikeDeclaration): Array<ts.CallExpression | ts.NewExpression> {
  const out: Array<ts.CallExpression | ts.NewExpression> = [];
  if (!setup.body) return out;
  forEachDescendant(setup.body, (node) => {
    if (enclosingFunction(node) !== setup) return;
    if (ts.isNewExpression(node) && isClientTransport(values, node)) out.push(node);
    else if (ts.isCallExpression(node) && returnsClientTransport(values, node)) out.push(node);
  });
  return out;
}

/**
 * `new X(…)` where `X` is an SDK client transport imported from a client module of the SDK (`import { SSEClientTransport }
 * from '@modelcontextprotocol/sdk/client/sse.js'`, also renamed, or `client.StdioClientTransport` of a namespace import).
 * Client modules are outside what `values.sdk` resolves (it knows the server side), so the import is read here.
 */
function isClientTransport(values: ValueAnalysis, made: ts.NewExpression): boolean {
  const callee = unwrap(made.expression);
  if (ts.isIdentifier(callee)) {
    return (values.symbolOf(callee)?.declarations ?? []).some(
      (d) => ts.isImportSpecifier(d) && CLIENT_TRANSPORTS.has((d.propertyName ?? d.name).text) && isClientSpecifier(d.parent.parent.parent.moduleSpecifier),
    );
  }
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && CLIENT_TRANSPORTS.has(callee.name.text)) {
    return (values.symbolOf(callee.expression)?.declarations ?? []).some((d) => ts.isNamespaceImport(d) && isClientSpecifier(d.parent.parent.moduleSpecifier));
  }
  return false;
}

function isClientSpecifier(spec: ts.Expression): boolean {
  return ts.isStringLiteralLike(spec) && isClientSdkModule(spec.text);
}

/** A call of a project function one of whose returned values is a client transport it constructs. */
function returnsClientTransport(values: ValueAnalysis, call: ts.CallExpression): boolean {
  const fn = values.calls.functionOfCall(call);
  if (!fn?.body) return false;
  return returnedExpressions(fn).some((returned) => {
    let value = unwrap(returned);
    if (ts.isAwaitExpression(value)) value = unwrap(value.expression);
    if (ts.isIdentifier(value)) {
      const decl = values.symbolOf(value)?.valueDeclaration;
      const init = decl && ts.isVariableDeclaration(decl) && isInside(decl, fn) ? decl.initializer : undefined;
      if (init) value = unwrap(init);
    }
    return ts.isNewExpression(value) && isClientTransport(values, value);
  });
}

