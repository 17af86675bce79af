/**
 * Sessions a server resumes rather than only opens (jdutton's template: any instance rebuilds a session's server and
 * transport from metadata kept in Redis). Two shapes, each a reason the transport's helper is not rewritten and a
 * thing that goes with the sessions:
 *
 * - the transport is re-created under a session id it is handed: its `sessionIdGenerator` returns a parameter of
 *   the function that makes it, not a new id (`sessionIdGenerator: () => sessionId`);
 * - the function that calls the transport's helper also hands the request's session id to another call that gets
 *   the session's transport (`this.instances.getOrRecreate(req.headers['mcp-session-id'])`).
 *
 * The helper makes a new session only for requests without an id, and the other path serves the rest: rewriting
 * the one helper would leave requests carrying an id resumed sessionfully.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, isInside, propertyNameText, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { functionNames } from '../../analysis/call-index.js';
import { LOG_LEVELS } from './text.js';

type Values = AnalysisResult['analysis']['values'];

/** The sentence a helper-transport marker adds when the transport or its caller resumes sessions; undefined otherwise. */
export function sessionResumption(result: AnalysisResult, transport: ts.NewExpression, helper: ts.FunctionLikeDeclaration, label: string): string | undefined {
  const values = result.analysis.values;
  const given = idHandedToGenerator(transport, helper, values);
  if (given) {
    return `The transport is re-created under a session id it is handed (its \`sessionIdGenerator\` returns the parameter \`${given}\` of ${label}), to resume a session an earlier request or another instance started: with no sessions there is nothing to resume, so this method, the code that rebuilds a session's server around it and the metadata kept for that go with the session routing.`;
  }
  for (const call of callsOf(helper, values)) {
    const caller = enclosingFunction(call);
    if (!caller || caller === helper) continue;
    const resume = resumingCall(caller, call, values, new Set(result.sourceFiles));
    if (!resume) continue;
    const callerName = nameOf(caller);
    const where = callerName ? `\`${callerName}()\`` : 'its caller';
    return `${where} makes a new session here only for a request without a session id, and resumes the session of any other request through \`${resume.expression.getText(resume.getSourceFile())}(…)\`: that path serves requests carrying \`Mcp-Session-Id\` sessionfully whatever this helper does, so both go together, with the session routing.`;
  }
  return undefined;
}

/** The name of the parameter of `helper` that the transport's `sessionIdGenerator` returns, if it returns one. */
function idHandedToGenerator(transport: ts.NewExpression, helper: ts.FunctionLikeDeclaration, values: Values): string | undefined {
  const options = transport.arguments?.[0] && unwrap(transport.arguments[0]);
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  const prop = options.properties.find((p) => propertyNameText(p.name) === TRANSPORT_MEMBERS.sessionIdOption);
  const init = prop && ts.isPropertyAssignment(prop) ? unwrap(prop.initializer) : prop && ts.isMethodDeclaration(prop) ? prop : undefined;
  if (!init || !isFunctionLike(init) || !init.body) return undefined;
  const returned: ts.Expression[] = [];
  if (!ts.isBlock(init.body)) returned.push(init.body);
  else {
    forEachDescendant(init.body, (node) => {
      if (ts.isReturnStatement(node) && node.expression && enclosingFunction(node) === init) returned.push(node.expression);
    });
  }
  if (returned.length === 0) return undefined;
  let name: string | undefined;
  for (const expression of returned) {
    const id = unwrap(expression);
    const decl = ts.isIdentifier(id) ? values.symbolOf(id)?.valueDeclaration : undefined;
    if (!decl || !ts.isParameter(decl) || decl.parent !== helper || !ts.isIdentifier(decl.name)) return undefined;
    name = decl.name.text;
  }
  return name;
}

/**
 * A call in `caller` (besides `helperCall`) of a function of the project handed the request's session id: the session
 * is resumed by the project's own code. A lookup in the registry (`sessions.get(id)`, a Map's method) is not that: it is
 * the registry the marker already names.
 */
function resumingCall(caller: ts.FunctionLikeDeclaration, helperCall: ts.Node, values: Values, project: ReadonlySet<ts.SourceFile>): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  forEachDescendant(caller, (node) => {
    if (found || !ts.isCallExpression(node) || node === helperCall || isInside(helperCall, node) || enclosingFunction(node) !== caller) return;
    if (!node.arguments.some((arg) => values.valueOf(arg)?.kind === 'session-id')) return;
    const fn = values.calls.functionOfCall(node);
    // Logging a session id is not resuming it.
    if (!fn || !project.has(fn.getSourceFile()) || LOG_LEVELS.has(calleeParts(node).name ?? '')) return;
    if (returnedBy(caller, node, values)) found = node;
  });
  return found;
}

/**
 * Whether `caller` returns what `call` gives (in its return statement, or through the variable it initialises): what
 * the caller hands on for a request with a session id is that session's, not a check on it (`overQuota(id)`).
 */
function returnedBy(caller: ts.FunctionLikeDeclaration, call: ts.CallExpression, values: Values): boolean {
  const returns: ts.ReturnStatement[] = [];
  forEachDescendant(caller, (node) => {
    if (ts.isReturnStatement(node) && node.expression && enclosingFunction(node) === caller) returns.push(node);
  });
  if (returns.some((r) => isInside(call, r))) return true;
  let holder: ts.Node = call;
  while (ts.isAwaitExpression(holder.parent) || ts.isParenthesizedExpression(holder.parent) || ts.isAsExpression(holder.parent)) holder = holder.parent;
  const decl = holder.parent;
  if (!ts.isVariableDeclaration(decl) || decl.initializer !== holder || !ts.isIdentifier(decl.name)) return false;
  const name = decl.name.text;
  return returns.some((r) => {
    let uses = false;
    forEachDescendant(r, (node) => {
      if (!uses && ts.isIdentifier(node) && node.text === name && values.symbolOf(node)?.valueDeclaration === decl) uses = true;
    });
    return uses;
  });
}

/**
 * The calls of `helper` in its own file (the analysis indexes calls with arguments only; `this.open()` has none).
 * Only calls by one of its names, or by a local alias of one, are resolved: resolving every call of a
 * 14,000-line server took a second.
 */
function callsOf(helper: ts.FunctionLikeDeclaration, values: Values): ts.CallExpression[] {
  const file = helper.getSourceFile();
  const names = new Set(functionNames(helper));
  forEachDescendant(file, (node) => {
    // `import { open as start }`, `const { open: start } = api`, `const start = open`
    if ((ts.isImportSpecifier(node) || ts.isExportSpecifier(node) || ts.isBindingElement(node)) && node.propertyName && ts.isIdentifier(node.name)) {
      const from = propertyNameText(node.propertyName as ts.PropertyName);
      if (from && names.has(from)) names.add(node.name.text);
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = unwrap(node.initializer);
      const from = ts.isIdentifier(init) ? init.text : ts.isPropertyAccessExpression(init) ? init.name.text : undefined;
      if (from && names.has(from)) names.add(node.name.text);
    }
  });
  const out: ts.CallExpression[] = [];
  forEachDescendant(file, (node) => {
    if (!ts.isCallExpression(node)) return;
    const name = calleeParts(node).name;
    if (name && names.has(name) && values.calls.functionOfCall(node) === helper) out.push(node);
  });
  return out;
}

function nameOf(fn: ts.FunctionLikeDeclaration): string | undefined {
  if ((ts.isMethodDeclaration(fn) || ts.isFunctionDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const holder = fn.parent;
  return holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : undefined;
}
