/**
 * Sessionful Streamable HTTP whose transports a helper makes (`async function createSession()`) and a
 * registry keeps (`const sessions = new Map()`), served by a request listener that routes on the
 * `mcp-session-id` header: tobi/qmd's shape. The listener's code that picks a transport (the header read,
 * the 404/400 answers, `isInitializeRequest`, the registry lookups) goes, and the transport call it fed
 * (`transport.handleRequest(…)`) is served by one `createMcpHandler(factory)` made where the helper was
 * (`--target stateless-v1`: a server and a `sessionIdGenerator: undefined` transport per POST, 405 for the
 * branches that only served existing sessions). The helper, the registry, the idle reaper that swept it and
 * the shutdown loop over it go with the sessions.
 *
 * Everything is checked before anything is edited: a refusal is a reason (the caller leaves a marker with
 * it), never half a rewrite.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, isInside, outermostWrapper, stringValue, unwrap, statementOf } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { SESSION_HEADER } from '../../analysis/http-requests.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { indentAt } from '../kit/source-style.js';
import type { TransformOptions } from '../kit/plan.js';
import { LOG_LEVELS, isAsync, localNames, referencesByName, removalRange } from './text.js';
import { RULE_ID } from '../../rule-ids.js';
import { INITIALIZE_REQUEST_GUARD, TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';

/** What the rewrite needs of the file's serving plan (edits, imports, the factory of a connect). */
export interface ServingSite {
  readonly sf: ts.SourceFile;
  readonly result: AnalysisResult;
  readonly options: Pick<TransformOptions, 'target' | 'modernOnly'>;
  /** The file's indentation unit. */
  readonly unit: string;
  /** Names imported from the SDK (plumbing, not custom logic). */
  readonly sdkNames: ReadonlySet<string>;
  /** `text` in the file's quotes. */
  q(text: string): string;
  edit(start: number, end: number, text: string): void;
  /** Removes a whole statement with the comments directly above it. */
  remove(statement: ts.Node): void;
  /** Removes registries when the file's rewrites are done (two properties of one object together: the object goes). */
  removeRegistries(registries: readonly SessionStore[]): void;
  marker(node: ts.Node, ruleId: string, message: string): void;
  addImport(module: string, name: string): void;
  note(text: string): void;
  freshName(base: string): string;
  /** The factory `scope` builds the server `transport` is connected to, or why it is not one. */
  factoryOf(scope: ts.Node, transport: ts.NewExpression): { expression: string; call: string; names: string[] } | string;
  /** The transport's options by name, or why they cannot be read. */
  transportOptions(created: ts.NewExpression): Record<string, ts.Node> | string;
}

const SERVER_MODULE = '@modelcontextprotocol/server';
const NODE_MODULE = '@modelcontextprotocol/node';

/** Globals the session plumbing may call without being the application's own logic. */
const PLUMBING_GLOBALS = new Set(['JSON', 'Date', 'String', 'Number', 'Boolean', 'Object', 'Array', 'Math', 'Buffer', 'Error', 'Promise', 'console', 'randomUUID', 'crypto', 'undefined', 'typeof']);
const TIMERS = new Set(['setInterval', 'setTimeout']);
const CLEAR_TIMERS = new Set(['clearInterval', 'clearTimeout']);

/** One listener branch that handed the request to a transport picked from the registry. */
interface DispatchSite {
  /** `transport.handleRequest(…)`. */
  call: ts.CallExpression;
  receiver: ts.Identifier;
  /** The statements that picked the transport (header read, registry lookups, error answers). */
  routing: ts.Statement[];
  block: ts.Block;
  listener: ts.FunctionLikeDeclaration;
  /** Whether this branch opens sessions (calls the helper): the POST branch. */
  opens: boolean;
}

/**
 * Rewrites the helper shape around `transport`: true when rewritten, a reason when the shape is this one but
 * cannot be rewritten safely, undefined when the transport is not made in a named helper beside a registry.
 */
export function rewriteHelperRegistry(site: ServingSite, transports: readonly ts.NewExpression[]): true | string | undefined {
  const transport = transports[0]!;
  const helper = helperOf(transport);
  if (!helper) return undefined;
  const values = site.result.analysis.values;
  const registries = [...site.result.analysis.sessions.stores.values()].filter((s) => (s.kind === 'transport' || s.kind === 'server') && s.declaration?.getSourceFile() === site.sf);
  if (registries.length === 0) return undefined;
  if (transports.length > 1) return 'the file creates more than one transport.';
  const exportedRegistry = registries.find((r) => ts.getModifiers(statementOf(r.declaration!) as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
  if (exportedRegistry) return `\`${exportedRegistry.name}\` is exported: other modules may use the sessions.`;
  if (ts.getModifiers(helper.statement as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return `\`${helper.name}\` is exported: other modules may open sessions with it.`;

  const options = site.transportOptions(transport);
  if (typeof options === 'string') return options;
  for (const key of [...TRANSPORT_MEMBERS.dnsRebindingOptions, TRANSPORT_MEMBERS.resumabilityOption]) {
    if (options[key]) return `the transport sets \`${key}\`, which the stateless entry has no place for.`;
  }
  const factory = site.factoryOf(helper.fn, transport);
  if (typeof factory === 'string') return factory;
  const webStandard = site.result.analysis.sdk.exportOf(transport.expression)?.name.startsWith('WebStandard') ?? false;

  const isRegistry = (id: ts.Identifier) => registries.some((r) => values.symbolOf(id)?.valueDeclaration === r.declaration);
  const helperSymbol = values.symbolOf(helper.nameNode);
  const isHelper = (id: ts.Identifier) => !!helperSymbol && values.symbolOf(id) === helperSymbol;

  // The helper only builds, connects and books the transport.
  const helperAllowed = new Set([...PLUMBING_GLOBALS, ...site.sdkNames, ...registries.map((r) => r.name), ...factory.names]);
  const helperIssue = customLogic(site, helper.fn.body!, helperAllowed, new Set(), 'the helper', isRegistry);
  if (helperIssue) return helperIssue;

  // Every branch of a listener that hands a request to a transport picked from the registry.
  const sites: DispatchSite[] = [];
  let refusal: string | undefined;
  forEachDescendant(site.sf, (node) => {
    if (refusal || !ts.isCallExpression(node) || calleeParts(node).name !== TRANSPORT_MEMBERS.requestMethod || isInside(node, helper.fn)) return;
    const found = dispatchSite(site, node, isRegistry, isHelper);
    if (typeof found === 'string') refusal = found;
    else if (found) sites.push(found);
  });
  if (refusal) return refusal;
  if (!sites.some((s) => s.opens)) return `no request listener branch calls \`${helper.name}()\` to open a session.`;
  const scope = helper.statement.parent;
  if (sites.some((s) => !isInside(s.block, scope))) return 'a listener that routes to the sessions is outside the scope the helper is declared in.';

  const removed = new Set<ts.Node>([helper.statement, ...registries.map((r) => statementOf(r.declaration!)), ...sites.flatMap((s) => s.routing)]);
  const reaper = reapers(site, registries, removed);
  if (typeof reaper === 'string') return reaper;
  for (const node of reaper.removed) removed.add(node);

  // Shutdown: a loop closing every registered transport becomes the handler's close(); `registry.clear()` goes.
  const shutdownLoops: ts.Node[] = [];
  for (const registry of registries) {
    for (const ref of referencesByName(site.sf, registry.name)) {
      if (!isRegistry(ref) || [...removed].some((r) => isInside(ref, r))) continue;
      const loop = closingLoop(ref);
      if (loop && isInside(loop, scope)) {
        shutdownLoops.push(loop);
        continue;
      }
      const clear = clearCall(ref);
      if (clear) {
        removed.add(clear);
        continue;
      }
      return `\`${registry.name}\` (the session registry) is also used ${placeOf(ref)}: that code depends on sessions; remove it.`;
    }
  }
  for (const ref of referencesByName(site.sf, helper.name)) {
    if (ref !== helper.nameNode && isHelper(ref) && ![...removed].some((r) => isInside(ref, r))) return `\`${helper.name}()\` is also called ${placeOf(ref)}, outside the session routing.`;
  }

  const v1 = site.options.target === 'stateless-v1';
  let perPost: Map<DispatchSite, string[]> | undefined;
  if (v1) {
    const planned = statelessV1Branches(site, sites, factory.call, transport, options);
    if (typeof planned === 'string') return planned;
    perPost = planned;
  }

  // ---- every check passed: edit ----
  const handlerName = site.freshName('mcpHandler');
  const nodeHandlerName = site.freshName('mcpNodeHandler');
  // On stateless-v1 a branch that only served existing sessions is answered 405 as a whole.
  const answered = v1 ? sites.filter((s) => !s.opens).map((s) => s.block) : [];
  const inAnswered = (n: ts.Node) => answered.some((b) => isInside(n, b));
  const deadDeclarations = deadAfter(site, new Set([...removed, ...answered]), new Set(factory.names)).filter((n) => !inAnswered(n));
  for (const node of outermost([...removed, ...deadDeclarations])) {
    if ((node === helper.statement && !v1) || inAnswered(node)) continue;
    site.remove(node);
  }
  if (v1) {
    for (const [branch, lines] of perPost!) {
      if (branch.opens) {
        // The idiom stands right above the transport call (and its comments), where the routing ended.
        const callStatement = statementOf(branch.call);
        const start = removalRange(site.sf, callStatement, true, false).start;
        const indent = indentAt(site.sf.text, callStatement.getStart(site.sf));
        site.edit(start, start, lines.map((l) => `${indent}${l}\n`).join(''));
      } else {
        const indent = indentAt(site.sf.text, branch.block.parent.getStart(site.sf));
        site.edit(branch.block.getStart(site.sf), branch.block.end, `{\n${lines.map((l) => `${indent}${site.unit}${l}`).join('\n')}\n${indent}}`);
      }
    }
    for (const loop of shutdownLoops) site.remove(loop);
    site.note(`serving: ${site.result.relative(site.sf.fileName)} — sessions opened by \`${helper.name}()\` → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST; the branches serving existing sessions answer 405 (SDK 1.x)`);
  } else {
    const handlerOptions: string[] = [];
    if (site.options.modernOnly) handlerOptions.push(`legacy: ${site.q('reject')}`);
    const json = options.enableJsonResponse;
    if (json && unwrap(json).kind === ts.SyntaxKind.TrueKeyword) handlerOptions.push(`responseMode: ${site.q('json')}`);
    const indent = indentAt(site.sf.text, helper.statement.getStart(site.sf));
    const lines = [`const ${handlerName} = createMcpHandler(${factory.expression}${handlerOptions.length ? `, { ${handlerOptions.join(', ')} }` : ''});`];
    if (!webStandard) lines.push(`const ${nodeHandlerName} = toNodeHandler(${handlerName});`);
    // The entry takes the helper's place; the helper's own comments go with it.
    const start = removalRange(site.sf, helper.statement, true, false).start;
    site.edit(start, helperEnd(site.sf, helper.statement), `${indent}${lines.join(`\n${indent}`)}\n`);
    for (const branch of sites) {
      const callee = branch.call.expression;
      site.edit(callee.getStart(site.sf), callee.end, webStandard ? `${handlerName}.fetch` : nodeHandlerName);
    }
    for (const loop of shutdownLoops) {
      const fn = enclosingFunction(loop);
      site.edit(loop.getStart(site.sf), loop.end, `${fn && isAsync(fn) ? 'await' : 'void'} ${handlerName}.close();`);
    }
    site.addImport(SERVER_MODULE, 'createMcpHandler');
    if (!webStandard) site.addImport(NODE_MODULE, 'toNodeHandler');
    const legacy = site.options.modernOnly ? 'modern-only (legacy: \'reject\')' : '2025-era clients still served statelessly';
    site.note(`serving: ${site.result.relative(site.sf.fileName)} — sessions opened by \`${helper.name}()\` in \`${registries.map((r) => r.name).join('`, `')}\` → createMcpHandler(${factory.expression}) served by ${webStandard ? `${handlerName}.fetch` : 'toNodeHandler'} (${legacy})`);
  }
  if (reaper.timers.length > 0) site.note(`serving: ${site.result.relative(site.sf.fileName)} — the idle-session reaper (${reaper.timers.map((t) => `\`${t}\``).join(', ')}) removed with the sessions it expired`);
  for (const option of reaper.options) site.marker(option.node, RULE_ID.transportRegistry, option.message);
  return true;
}

// ---- the helper ------------------------------------------------------------------------------

interface Helper {
  fn: ts.FunctionLikeDeclaration;
  name: string;
  nameNode: ts.Identifier;
  /** The statement declaring it (a function declaration or `const f = async () => …`). */
  statement: ts.Statement;
}

/** The named function (not a method) the transport is created in, declared as a statement of a block or the file. */
function helperOf(transport: ts.NewExpression): Helper | undefined {
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
function helperEnd(sf: ts.SourceFile, statement: ts.Node): number {
  const lineEnd = sf.text.indexOf('\n', statement.end);
  return lineEnd < 0 ? sf.text.length : lineEnd + 1;
}

// ---- the listener branches -------------------------------------------------------------------

/**
 * The branch around `call` when its receiver is a local the statements before it pick from the registry or
 * open with the helper: those statements (and every statement using what they declare) are the routing.
 */
function dispatchSite(site: ServingSite, call: ts.CallExpression, isRegistry: (id: ts.Identifier) => boolean, isHelper: (id: ts.Identifier) => boolean): DispatchSite | string | undefined {
  const values = site.result.analysis.values;
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(unwrap(callee.expression))) return undefined;
  const receiver = unwrap(callee.expression) as ts.Identifier;
  const callStatement = statementOf(call);
  const block = callStatement.parent;
  if (!block || !ts.isBlock(block)) return undefined;
  const receiverDecl = values.symbolOf(receiver)?.valueDeclaration;
  const statements = block.statements.filter((s) => s !== callStatement);
  const receiverStatement = receiverDecl && statements.find((s) => isInside(receiverDecl, s) && ts.isVariableStatement(s));
  if (!receiverStatement) return undefined;

  const touchesSessions = (s: ts.Node) => {
    let found = false;
    forEachDescendant(s, (n) => {
      if (found) return;
      if (ts.isIdentifier(n) && (isRegistry(n) || isHelper(n))) found = true;
      else if (readsSessionHeader(n)) found = true;
      else if (ts.isIdentifier(n) && site.result.analysis.sdk.exportOf(n)?.name === INITIALIZE_REQUEST_GUARD) found = true;
    });
    return found;
  };
  const routing = new Set<ts.Statement>(statements.filter((s) => s === receiverStatement || touchesSessions(s)));
  // What the routing declares (`sessionId`, `entry`, `transport`) is routing wherever it is used.
  for (let grew = true; grew; ) {
    grew = false;
    const declared = new Set([...routing].flatMap((s) => declaredSymbols(values, s)));
    for (const s of statements) {
      if (routing.has(s) || !usesSymbol(values, s, declared)) continue;
      routing.add(s);
      grew = true;
    }
  }
  const ordered = statements.filter((s) => routing.has(s));
  if (!ordered.some((s) => refersTo(s, (id) => isRegistry(id) || isHelper(id)))) return undefined;
  const listener = enclosingFunction(block);
  if (!listener) return undefined;
  const declared = new Set(ordered.flatMap((s) => declaredSymbols(values, s)));
  // The transport call itself may read nothing of the routing but the transport.
  for (const ref of identifiers(callStatement)) {
    const symbol = values.symbolOf(ref);
    if (symbol && declared.has(symbol) && ref !== receiver) return `the transport call ${placeOf(call)} reads \`${ref.text}\` from the session routing.`;
  }
  const params = new Set(listener.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
  const allowed = new Set([...PLUMBING_GLOBALS, ...site.sdkNames, ...params]);
  for (const statement of ordered) {
    const issue = customLogic(site, statement, allowed, declared, 'the session routing', (id) => isRegistry(id) || isHelper(id), listener);
    if (issue) return issue;
  }
  const opens = ordered.some((s) => refersTo(s, isHelper));
  return { call, receiver, routing: ordered, block, listener, opens };
}

/** `x['mcp-session-id']`, `headers.get('mcp-session-id')`, `{ 'mcp-session-id': sid } = …`: a read of the session header. */
function readsSessionHeader(node: ts.Node): boolean {
  if (ts.isElementAccessExpression(node)) return stringValue(node.argumentExpression)?.toLowerCase() === SESSION_HEADER;
  if (ts.isCallExpression(node) && ['get', 'getHeader', 'header'].includes(calleeParts(node).name ?? '') && node.arguments[0]) return stringValue(node.arguments[0])?.toLowerCase() === SESSION_HEADER;
  if (ts.isBindingElement(node) && node.propertyName) return stringValue(node.propertyName as ts.Node)?.toLowerCase() === SESSION_HEADER;
  return false;
}

/**
 * Why `root` is more than plumbing, or undefined: every call it makes (outside logging statements) is on a
 * global, the SDK, an allowed name, a name `root` or `declared` binds, or a name `extra` accepts; it assigns
 * nothing declared elsewhere; it reads locals of `listener` (data) freely.
 */
function customLogic(site: ServingSite, root: ts.Node, allowed: ReadonlySet<string>, declared: ReadonlySet<ts.Symbol>, where: string, extra: (id: ts.Identifier) => boolean = () => false, listener?: ts.Node): string | undefined {
  const values = site.result.analysis.values;
  const own = localNames(root);
  const ownOrDeclared = (id: ts.Identifier) => {
    const symbol = values.symbolOf(id);
    const decl = symbol?.valueDeclaration;
    return own.has(id.text) && !!decl && isInside(decl, root) ? true : !!symbol && declared.has(symbol);
  };
  const ok = (id: ts.Identifier) => allowed.has(id.text) || ownOrDeclared(id) || extra(id) || !!site.result.analysis.sdk.exportOf(id);
  let issue: string | undefined;
  const visit = (node: ts.Node): void => {
    if (issue) return;
    if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return;
    if (ts.isExpressionStatement(node) && isLogging(site, node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const root = rootIdentifier(node.expression);
      if (root && !ok(root)) {
        issue = `${where} ${placeOf(node)} also runs the application's own logic (calls \`${node.expression.getText(site.sf)}\`).`;
        return;
      }
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const target = rootIdentifier(node.left);
      if (target && !ownOrDeclared(target) && !extra(target)) {
        issue = `${where} ${placeOf(node)} assigns \`${target.text}\`, which the rest of the code reads.`;
        return;
      }
    }
    if (ts.isIdentifier(node) && isReadReference(node) && !ok(node)) {
      const decl = values.symbolOf(node)?.valueDeclaration;
      // Reading the listener's own data (the parsed body for an error id) is no logic of its own.
      const data = decl && listener && isInside(decl, listener) && !isFunctionLike(decl) && !(ts.isVariableDeclaration(decl) && decl.initializer && isFunctionLike(unwrap(decl.initializer)));
      if (!data) {
        issue = `${where} ${placeOf(node)} also uses \`${node.text}\`, which is not session plumbing.`;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return issue;
}

/**
 * A statement that only logs: `console.error(…)`, `logger.info(…)`, or a call of a function of the
 * project whose body calls nothing but `console` (qmd's `log(msg)`). It goes with the plumbing it describes,
 * arguments and all.
 */
function isLogging(site: ServingSite, statement: ts.ExpressionStatement): boolean {
  const call = unwrap(statement.expression);
  if (!ts.isCallExpression(call)) return false;
  const callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee) && LOG_LEVELS.has(callee.name.text)) {
    const receiver = unwrap(callee.expression);
    return ts.isIdentifier(receiver) && /^(console|log|logger)$/i.test(receiver.text);
  }
  if (!ts.isIdentifier(callee)) return false;
  const decl = site.result.analysis.values.symbolOf(callee)?.valueDeclaration;
  const fn = decl && (isFunctionLike(decl) ? decl : ts.isVariableDeclaration(decl) && decl.initializer && isFunctionLike(unwrap(decl.initializer)) ? (unwrap(decl.initializer) as ts.FunctionLikeDeclaration) : undefined);
  if (!fn?.body) return false;
  let calls = 0;
  let onlyConsole = true;
  forEachDescendant(fn.body, (node) => {
    if (!ts.isCallExpression(node)) return;
    calls++;
    const root = rootIdentifier(node.expression);
    if (root?.text !== 'console') onlyConsole = false;
  });
  return calls > 0 && onlyConsole;
}

// ---- idle reapers ----------------------------------------------------------------------------

interface Reaper {
  removed: ts.Node[];
  /** The names of the timers. */
  timers: string[];
  /** Variables that configured the reaper (its TTL), removed with it. */
  configured: ts.Node[];
  /** Options of a public function that set the TTL: left in place, marked. */
  options: Array<{ node: ts.Node; message: string }>;
}

/**
 * `setInterval`/`setTimeout` calls whose callback reads a registry (idle reapers), with the variable that
 * holds the timer (its `unref()`, `clearInterval`, `if (timer)` go too), the `if` that only started it, and
 * the variables that only configured it (the TTL). A TTL read from a parameter of an exported function stays
 * in that function's options (its callers, a CLI flag, set it), marked as having no effect now.
 */
function reapers(site: ServingSite, registries: readonly SessionStore[], alreadyRemoved: ReadonlySet<ts.Node>): Reaper | string {
  const values = site.result.analysis.values;
  const out: Reaper = { removed: [], timers: [], configured: [], options: [] };
  const timerCalls: ts.CallExpression[] = [];
  forEachDescendant(site.sf, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || !TIMERS.has(node.expression.text)) return;
    const callback = node.arguments[0] && unwrap(node.arguments[0]);
    if (!callback || !isFunctionLike(callback)) return;
    if (registries.some((r) => referencesByName(callback, r.name).some((ref) => values.symbolOf(ref)?.valueDeclaration === r.declaration))) timerCalls.push(node);
  });
  const removed = new Set<ts.Node>();
  const isRegistry = (id: ts.Identifier) => registries.some((r) => values.symbolOf(id)?.valueDeclaration === r.declaration);
  const allowed = new Set([...PLUMBING_GLOBALS, ...site.sdkNames]);
  for (const call of timerCalls) {
    // A timer that does more than sweep the sessions (flushes metrics, polls a backend) is the application's: it stays.
    const callback = unwrap(call.arguments[0]!) as ts.FunctionLikeDeclaration;
    const scope = enclosingFunction(call) ?? site.sf;
    const issue = customLogic(site, callback.body!, allowed, new Set(), 'the idle reaper', isRegistry, scope);
    if (issue) return issue;
    const statement = statementOf(call);
    const holder = outermostWrapper(call).parent;
    let timer: ts.Identifier | undefined;
    if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) timer = holder.name;
    else if (ts.isBinaryExpression(holder) && holder.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(holder.left)) timer = holder.left;
    else if (!(ts.isExpressionStatement(holder) && holder === statement)) return `the idle reaper ${placeOf(call)} is not kept in a variable or run as a statement of its own.`;
    removed.add(statement);
    out.timers.push(timer?.text ?? call.expression.getText(site.sf));
    if (!timer) continue;
    const symbol = values.symbolOf(timer);
    for (const ref of referencesByName(site.sf, timer.text)) {
      if (values.symbolOf(ref) !== symbol || isInside(ref, statement)) continue;
      const use = timerUse(ref);
      if (!use) return `the idle reaper's timer \`${timer.text}\` is also used ${placeOf(ref)}.`;
      removed.add(use);
    }
  }
  if (removed.size === 0) return out;
  // An `if` whose every statement goes (`if (ttl > 0) { timer = setInterval(…); timer.unref(); }`) goes whole.
  for (let grew = true; grew; ) {
    grew = false;
    for (const node of [...removed]) {
      const block = node.parent;
      if (!block || !ts.isBlock(block) || !ts.isIfStatement(block.parent) || block.parent.elseStatement || removed.has(block.parent)) continue;
      if (!block.statements.every((s) => [...removed].some((r) => isInside(s, r))) || makesCalls(block.parent.expression)) continue;
      removed.add(block.parent);
      grew = true;
    }
  }
  // Variables only the reaper read (its TTL, its period) configured it: they go too.
  const isRemoved = (n: ts.Node) => [...removed, ...alreadyRemoved].some((r) => isInside(n, r));
  for (let grew = true; grew; ) {
    grew = false;
    for (const node of [...removed]) {
      for (const id of identifiers(node)) {
        const found = values.symbolOf(id)?.valueDeclaration;
        const decl = found && ts.isVariableDeclaration(found) ? found : undefined;
        const declStatement = decl && soleStatement(decl);
        if (!decl || !declStatement || isRemoved(decl) || ts.getModifiers(declStatement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
        const symbol = values.symbolOf(decl.name);
        const refs = referencesByName(site.sf, id.text).filter((r) => values.symbolOf(r) === symbol);
        if (!refs.every(isRemoved)) continue;
        removed.add(declStatement);
        out.configured.push(declStatement);
        const option = publicOption(site, decl);
        if (option) out.options.push(option, ...optionCallers(site, option));
        grew = true;
      }
    }
  }
  out.removed = [...removed];
  return out;
}

/** The statement a use of a timer variable is, when it only manages the timer (`unref()`, `clearInterval`, `if (timer)`, its declaration). */
function timerUse(ref: ts.Identifier): ts.Node | undefined {
  const parent = ref.parent;
  if (ts.isVariableDeclaration(parent) && parent.name === ref) return soleStatement(parent);
  if (ts.isPropertyAccessExpression(parent) && ['unref', 'ref'].includes(parent.name.text) && ts.isCallExpression(parent.parent) && ts.isExpressionStatement(parent.parent.parent)) return parent.parent.parent;
  if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && CLEAR_TIMERS.has(parent.expression.text) && ts.isExpressionStatement(parent.parent)) {
    // `if (timer) clearInterval(timer)`: the `if` goes whole.
    const statement = parent.parent;
    const owner = statement.parent && ts.isBlock(statement.parent) && statement.parent.statements.length === 1 ? statement.parent.parent : statement.parent;
    if (owner && ts.isIfStatement(owner) && !owner.elseStatement && !makesCalls(owner.expression) && referencesByName(owner.expression, ref.text).length > 0) return owner;
    return statement;
  }
  if (ts.isBinaryExpression(parent) && parent.left === ref && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isExpressionStatement(parent.parent)) {
    const value = unwrap(parent.right);
    if (value.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(value) && value.text === 'undefined')) return parent.parent;
  }
  // `if (timer) { clearInterval(timer); }` read from its condition.
  for (let current: ts.Node = parent; current; current = current.parent) {
    if (ts.isIfStatement(current)) {
      if (isInside(ref, current.expression) && !current.elseStatement && !makesCalls(current.expression)) {
        const then = current.thenStatement;
        const body = ts.isBlock(then) ? [...then.statements] : [then];
        if (body.every((s) => ts.isExpressionStatement(s) && ts.isCallExpression(s.expression) && ts.isIdentifier(s.expression.expression) && CLEAR_TIMERS.has(s.expression.expression.text))) return current;
      }
      return undefined;
    }
    if (ts.isBlock(current) || isFunctionLike(current)) return undefined;
  }
  return undefined;
}

/**
 * When a removed TTL variable was computed from a parameter of an exported function (`options.sessionTtlSeconds`)
 * or the environment: the marker for that option, which stays in the public interface with no effect now.
 */
function publicOption(site: ServingSite, decl: ts.VariableDeclaration): PublicOption | undefined {
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
function optionCallers(site: ServingSite, option: PublicOption): Array<{ node: ts.Node; message: string }> {
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

// ---- shutdown --------------------------------------------------------------------------------

/** `for (const e of registry.values()) { await e.transport.close(); }` and the like: a loop closing every session. */
function closingLoop(ref: ts.Identifier): ts.Node | undefined {
  for (let current: ts.Node | undefined = ref.parent; current && !isFunctionLike(current); current = current.parent) {
    if ((ts.isForInStatement(current) || ts.isForOfStatement(current)) && isInside(ref, current.expression)) return closes(current.statement) ? current : undefined;
    if (ts.isExpressionStatement(current)) {
      const call = unwrap(current.expression);
      if (ts.isCallExpression(call) && calleeParts(call).name === 'forEach' && isInside(ref, call.expression) && call.arguments[0] && closes(call.arguments[0])) return current;
      return undefined;
    }
  }
  return undefined;
}

/** Whether `body` does nothing but close things (and log). */
function closes(body: ts.Node): boolean {
  let closing = false;
  let other = false;
  forEachDescendant(body, (node) => {
    if (!ts.isCallExpression(node)) return;
    const name = calleeParts(node).name;
    if (name === 'close') closing = true;
    else if (!(name && (LOG_LEVELS.has(name) || ['catch', 'then', 'finally', 'values', 'entries', 'keys'].includes(name)))) other = true;
  });
  return closing && !other;
}

/** `registry.clear();` as a statement of its own. */
function clearCall(ref: ts.Identifier): ts.Node | undefined {
  const access = ref.parent;
  if (!ts.isPropertyAccessExpression(access) || access.name.text !== 'clear' || !ts.isCallExpression(access.parent) || !ts.isExpressionStatement(access.parent.parent)) return undefined;
  return access.parent.parent;
}

// ---- --target stateless-v1 -------------------------------------------------------------------

/**
 * The per-POST idiom for the branch that opened sessions (a server from the factory and a
 * `sessionIdGenerator: undefined` transport, closed when the response closes), and 405 for the branches that
 * only served existing sessions. Needs the node:http response to close on and to answer with.
 */
function statelessV1Branches(site: ServingSite, sites: readonly DispatchSite[], factoryCall: string, transport: ts.NewExpression, options: Record<string, ts.Node>): Map<DispatchSite, string[]> | string {
  const out = new Map<DispatchSite, string[]>();
  const q = (t: string) => site.q(t);
  const u = site.unit;
  for (const branch of sites) {
    const res = branch.listener.parameters[1];
    if (!res || !ts.isIdentifier(res.name)) return 'the request listener does not name its response parameter.';
    const r = res.name.text;
    if (branch.opens) {
      if (!isAsync(branch.listener)) return 'the request listener is not async.';
      const taken = visibleNames(branch.block);
      let server = 'server';
      for (let i = 2; taken.has(server); i++) server = `server${i}`;
      const json = options.enableJsonResponse ? `, enableJsonResponse: ${options.enableJsonResponse.getText(site.sf)}` : '';
      out.set(branch, [
        `const ${server} = ${factoryCall};`,
        `const ${branch.receiver.text} = new ${transport.expression.getText(site.sf)}({ sessionIdGenerator: undefined${json} });`,
        `${r}.on(${q('close')}, () => {`,
        `${u}void ${branch.receiver.text}.close();`,
        `${u}void ${server}.close();`,
        `});`,
        `await ${server}.connect(${branch.receiver.text});`,
      ]);
    } else {
      if (!ts.isIfStatement(branch.block.parent) || branch.block.parent.thenStatement !== branch.block) return `the branch serving existing sessions ${placeOf(branch.call)} is not the block of an \`if\`.`;
      out.set(branch, [
        `${r}.writeHead(405, { Allow: ${q('POST')}, ${q('Content-Type')}: ${q('application/json')} }).end(JSON.stringify({ jsonrpc: ${q('2.0')}, error: { code: -32000, message: ${q('Method not allowed.')} }, id: null }));`,
        `return;`,
      ]);
    }
  }
  return out;
}

/** Names declared in the blocks and functions around `node` (and anywhere in its function): a new local must not shadow or clash. */
function visibleNames(node: ts.Node): Set<string> {
  const out = new Set<string>();
  let nearest: ts.Node | undefined;
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (ts.isBlock(current) || ts.isSourceFile(current)) for (const s of current.statements) for (const n of statementNames(s)) out.add(n);
    if (isFunctionLike(current)) {
      nearest ??= current;
      for (const p of current.parameters) if (ts.isIdentifier(p.name)) out.add(p.name.text);
    }
  }
  // Names the listener declares anywhere (a later `const server`) would clash too; a helper's own locals would not.
  if (nearest) for (const n of localNames(nearest)) out.add(n);
  return out;
}

function statementNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) return [statement.name.text];
  return [];
}

// ---- dead declarations -----------------------------------------------------------------------

/**
 * Declarations the removed code was the only user of, found to a fixed point: type aliases and interfaces
 * (the registry's entry type), functions that are not exported (a TTL resolver), and variables with a plain
 * initializer (a default TTL). Code the project had left unused before stays: only declarations the removed
 * code referred to are considered, and `used` names the new code calls (the factory) stay.
 */
function deadAfter(site: ServingSite, removed: ReadonlySet<ts.Node>, used: ReadonlySet<string>): ts.Node[] {
  const values = site.result.analysis.values;
  const gone = new Set<ts.Node>(removed);
  const dead: ts.Node[] = [];
  const isGone = (n: ts.Node) => [...gone].some((r) => isInside(n, r));
  for (let grew = true; grew; ) {
    grew = false;
    const candidates = new Set<ts.Node>();
    for (const node of gone) {
      forEachDescendant(node, (n) => {
        if (!ts.isIdentifier(n)) return;
        const decl = values.symbolOf(n)?.declarations?.[0];
        if (decl && decl.getSourceFile() === site.sf && !isGone(decl)) candidates.add(decl);
      });
    }
    for (const decl of candidates) {
      const statement = removableDeclaration(decl);
      if (!statement || gone.has(statement)) continue;
      const nameNode = (decl as ts.NamedDeclaration).name;
      if (!nameNode || !ts.isIdentifier(nameNode) || used.has(nameNode.text)) continue;
      const symbol = values.symbolOf(nameNode);
      const refs = referencesByName(site.sf, nameNode.text).filter((r) => r !== nameNode && values.symbolOf(r) === symbol);
      if (refs.length === 0 || !refs.every(isGone)) continue;
      gone.add(statement);
      dead.push(statement);
      grew = true;
    }
  }
  return dead;
}

function removableDeclaration(decl: ts.Node): ts.Node | undefined {
  const exported = (s: ts.Node) => !!ts.getModifiers(s as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (ts.isTypeAliasDeclaration(decl) || ts.isInterfaceDeclaration(decl) || ts.isFunctionDeclaration(decl)) return exported(decl) ? undefined : decl;
  const statement = ts.isVariableDeclaration(decl) ? soleStatement(decl) : undefined;
  if (statement && !exported(statement)) return (decl as ts.VariableDeclaration).initializer && !makesCalls((decl as ts.VariableDeclaration).initializer!) ? statement : undefined;
  return undefined;
}

// ---- small helpers ---------------------------------------------------------------------------

function forSelfAndDescendants(root: ts.Node, visit: (node: ts.Node) => void): void {
  visit(root);
  forEachDescendant(root, visit);
}

/** The variable statement declaring `decl` and nothing else. */
function soleStatement(decl: ts.VariableDeclaration): ts.VariableStatement | undefined {
  const list = decl.parent;
  return ts.isVariableDeclarationList(list) && list.declarations.length === 1 && ts.isVariableStatement(list.parent) ? list.parent : undefined;
}

function functionName(fn: ts.FunctionLikeDeclaration | undefined): string | undefined {
  if (!fn) return undefined;
  if (ts.isFunctionDeclaration(fn) && fn.name) return fn.name.text;
  const holder = outermostWrapper(fn).parent;
  return ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : undefined;
}

/** Nodes of `nodes` not inside another of them. */
function outermost(nodes: readonly ts.Node[]): ts.Node[] {
  const unique = [...new Set(nodes)];
  return unique.filter((n) => !unique.some((o) => o !== n && isInside(n, o)));
}

function identifiers(root: ts.Node): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  forEachDescendant(root, (n) => {
    if (ts.isIdentifier(n)) out.push(n);
  });
  if (ts.isIdentifier(root)) out.push(root);
  return out;
}

function refersTo(root: ts.Node, test: (id: ts.Identifier) => boolean): boolean {
  return identifiers(root).some(test);
}

/** Symbols a statement declares at its own level (`const a = …`, `let b;`). */
function declaredSymbols(values: AnalysisResult['analysis']['values'], statement: ts.Statement): ts.Symbol[] {
  if (!ts.isVariableStatement(statement)) return [];
  return statement.declarationList.declarations.flatMap((d) => {
    const symbol = ts.isIdentifier(d.name) ? values.symbolOf(d.name) : undefined;
    return symbol ? [symbol] : [];
  });
}

function usesSymbol(values: AnalysisResult['analysis']['values'], root: ts.Node, symbols: ReadonlySet<ts.Symbol>): boolean {
  return identifiers(root).some((id) => {
    const symbol = values.symbolOf(id);
    return !!symbol && symbols.has(symbol) && !(ts.isVariableDeclaration(id.parent) && id.parent.name === id);
  });
}

function isReadReference(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.name === id) return false;
  if ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isFunctionDeclaration(parent) || ts.isBindingElement(parent)) && parent.name === id) return false;
  if (ts.isBindingElement(parent) && parent.propertyName === id) return false;
  if (ts.isQualifiedName(parent) || ts.isTypeReferenceNode(parent)) return false;
  return true;
}

/** `a.b.c(…)` → `a`; `this.x` and computed receivers → undefined. */
function rootIdentifier(node: ts.Node): ts.Identifier | undefined {
  let current = unwrap(node);
  for (;;) {
    if (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) current = unwrap(current.expression);
    else if (ts.isCallExpression(current)) current = unwrap(current.expression);
    else break;
  }
  return ts.isIdentifier(current) ? current : undefined;
}

function makesCalls(node: ts.Node): boolean {
  let calls = ts.isCallExpression(node) || ts.isNewExpression(node);
  forEachDescendant(node, (n) => {
    if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isAwaitExpression(n)) calls = true;
  });
  return calls;
}

/** Where `node` is, by the named function around it: the marker's own line would shift a line number. */
function placeOf(node: ts.Node): string {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const name = functionName(fn) ?? (ts.isMethodDeclaration(fn) && ts.isIdentifier(fn.name) ? fn.name.text : undefined);
    if (name) return `in \`${name}()\``;
  }
  return 'at the top level of the file';
}
