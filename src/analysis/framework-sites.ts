/**
 * The framework sites of the analysed files: each use a framework description calls a finding, with the
 * catalogue rule the description gives it and the framework's own advice as message. The rules report them
 * (`withFrameworks`, `src/rules/with-frameworks.ts`); the transforms mark those they leave
 * (`transforms/kit/handler-sites.ts`) with the same message, so both read them here.
 */
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, isUndefined, propertyNameText, unwrap } from './ast.js';
import { declaredType, forOfLoop, returnedExpressions } from './declarations.js';
import type { Analysis } from './model.js';
import type { ValueQueries } from './value.js';
import { callMatches, frameworkParameter, usesFrameworks } from './framework-values.js';
import { FRAMEWORKS, FRAMEWORKS_BY_ID } from '../frameworks/index.js';
import type { FileCondition, FrameworkDescription, OptionUse, RouteExportUse, SiteUse, SubclassDescription } from '../frameworks/types.js';
import type { RuleId } from '../rule-ids.js';
import { splitPackageSpecifier } from '../discovery/packages.js';

export interface FrameworkSite {
  rule: RuleId;
  node: ts.Node;
  message: string;
  /** The description's advice alone (`message` without the framework's name and migration path). */
  advice: string;
}

const siteCache = new WeakMap<Analysis, Map<ts.SourceFile, FrameworkSite[]>>();

function message(framework: FrameworkDescription, use: SiteUse, stdioOnly = false): string {
  return `${framework.name}: ${use.advice} ${stdioOnly && framework.stdio ? framework.stdio.migration : framework.migration}`;
}

/** Whether the program serves a framework's server over stdio only (its `stdio.when` holds for every start call, in all files). */
function servesStdioOnly(analysis: Analysis, framework: FrameworkDescription): boolean {
  const condition = framework.stdio?.when;
  if (!condition) return false;
  let cached = stdioOnly.get(analysis);
  if (!cached) stdioOnly.set(analysis, (cached = new Map()));
  const known = cached.get(framework.id);
  if (known !== undefined) return known;
  const answer = conditionHolds(analysis, framework, condition, analysis.values.files);
  cached.set(framework.id, answer);
  return answer;
}
const stdioOnly = new WeakMap<Analysis, Map<string, boolean>>();

type FrameworkBase = { framework: FrameworkDescription; description: SubclassDescription };
// Per analysis: a class's base may be in another file, and `apply` reuses an unchanged file's nodes in its next analysis.
const bases = new WeakMap<Analysis, WeakMap<ts.ClassLikeDeclaration, FrameworkBase | null>>();

/** The framework class a project class extends (directly, or through a project base class); cached per class. */
function frameworkBase(analysis: Analysis, decl: ts.ClassLikeDeclaration, depth = 0): FrameworkBase | undefined {
  let known = bases.get(analysis);
  if (!known) bases.set(analysis, (known = new WeakMap()));
  const cached = known.get(decl);
  if (cached !== undefined) return cached ?? undefined;
  const found = depth > 4 ? undefined : findFrameworkBase(analysis, decl, depth);
  known.set(decl, found ?? null);
  return found;
}

function findFrameworkBase(analysis: Analysis, decl: ts.ClassLikeDeclaration, depth: number): FrameworkBase | undefined {
  for (const clause of decl.heritageClauses ?? []) {
    if (clause.token !== ts.SyntaxKind.ExtendsKeyword || !clause.types[0]) continue;
    const base = clause.types[0].expression;
    const ref = analysis.sdk.frameworkExportOf(base);
    const framework = ref?.framework ? FRAMEWORKS_BY_ID.get(ref.framework) : undefined;
    const description = framework?.subclasses[ref!.name];
    if (framework && description) {
      if (description.onlyWhenSessionIdIs && !namesSessionsBy(analysis, decl, description.onlyWhenSessionIdIs)) return undefined;
      return { framework, description };
    }
    const inner = unwrap(base);
    const symbol = ts.isIdentifier(inner) ? analysis.values.symbolOf(inner) : undefined;
    for (const d of symbol?.declarations ?? []) {
      if (ts.isClassDeclaration(d) || ts.isClassExpression(d)) {
        const found = frameworkBase(analysis, d, depth + 1);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** Whether a transport built in the class mints `this.<member>` as the session id (`sessionIdGenerator: () => this.name`). */
function namesSessionsBy(analysis: Analysis, decl: ts.ClassLikeDeclaration, member: string): boolean {
  let found = false;
  forEachDescendant(decl, (node) => {
    if (found || !ts.isPropertyAssignment(node) || propertyNameText(node.name) !== 'sessionIdGenerator') return;
    const created = outerNew(node.parent);
    if (!created || !(analysis.values.valueOf(created)?.kind === 'transport' || analysis.sdk.frameworkExportOf(created.expression))) return;
    const fn = unwrap(node.initializer);
    if (!isFunctionLike(fn)) return;
    found = returnedExpressions(fn).some((e) => {
      const inner = unwrap(e);
      return ts.isPropertyAccessExpression(inner) && inner.expression.kind === ts.SyntaxKind.ThisKeyword && inner.name.text === member;
    });
  });
  return found;
}

/** The `new X(...)` an options object literal is the first argument of. */
function outerNew(object: ts.ObjectLiteralExpression): ts.NewExpression | undefined {
  let outer: ts.Node = object;
  while (outer.parent && (ts.isParenthesizedExpression(outer.parent) || ts.isAsExpression(outer.parent) || ts.isSatisfiesExpression(outer.parent))) outer = outer.parent;
  return outer.parent && ts.isNewExpression(outer.parent) && outer.parent.arguments?.[0] === outer ? outer.parent : undefined;
}

function enclosingClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isClassDeclaration(n) || ts.isClassExpression(n)) return n;
    // `this` inside a plain function is not the class instance.
    if (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n)) return undefined;
  }
  return undefined;
}

/** The object literal an argument is (inline, or a `const` initialised with one). */
function objectOf(values: ValueQueries, node: ts.Node | undefined): ts.ObjectLiteralExpression | undefined {
  if (!node) return undefined;
  const inner = unwrap(node);
  if (ts.isObjectLiteralExpression(inner)) return inner;
  if (ts.isIdentifier(inner)) {
    const decl = values.symbolOf(inner)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
      const init = unwrap(decl.initializer);
      return ts.isObjectLiteralExpression(init) ? init : undefined;
    }
  }
  return undefined;
}

/** The option objects an argument can be: an object literal, a `const` holding one, or either branch of `cond ? a : b`. */
function rootObjects(values: ValueQueries, node: ts.Node | undefined, depth = 0): ts.ObjectLiteralExpression[] {
  if (!node || depth > 3) return [];
  const inner = unwrap(node);
  if (ts.isConditionalExpression(inner)) return [...rootObjects(values, inner.whenTrue, depth + 1), ...rootObjects(values, inner.whenFalse, depth + 1)];
  if (ts.isIdentifier(inner)) {
    const decl = values.symbolOf(inner)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isConditionalExpression(unwrap(decl.initializer))) return rootObjects(values, decl.initializer, depth + 1);
  }
  const object = objectOf(values, inner);
  return object ? [object] : [];
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((p) => !ts.isSpreadAssignment(p) && propertyNameText(p.name) === name);
}

function propertyValue(prop: ts.ObjectLiteralElementLike | undefined): ts.Expression | undefined {
  if (!prop) return undefined;
  if (ts.isPropertyAssignment(prop)) return prop.initializer;
  if (ts.isShorthandPropertyAssignment(prop)) return prop.name;
  return undefined;
}

/** The objects at `path` below `root` (array literals on the way are entered). */
function objectsAt(values: ValueQueries, root: ts.ObjectLiteralExpression, path: readonly string[]): ts.ObjectLiteralExpression[] {
  let current: ts.ObjectLiteralExpression[] = [root];
  for (const segment of path) {
    const next: ts.ObjectLiteralExpression[] = [];
    for (const object of current) {
      const value = propertyValue(property(object, segment));
      const inner = value && unwrap(value);
      if (inner && ts.isArrayLiteralExpression(inner)) {
        for (const element of inner.elements) {
          const o = objectOf(values, element);
          if (o) next.push(o);
        }
      } else {
        const o = objectOf(values, value);
        if (o) next.push(o);
      }
    }
    current = next;
  }
  return current;
}

function literalAt(values: ValueQueries, root: ts.ObjectLiteralExpression, path: readonly string[]): string | number | boolean | undefined {
  const owners = objectsAt(values, root, path.slice(0, -1));
  const value = owners.length ? propertyValue(property(owners[0]!, path[path.length - 1]!)) : undefined;
  if (!value) return undefined;
  const inner = unwrap(value);
  if (inner.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (inner.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isNumericLiteral(inner)) return Number(inner.text);
  return values.constantString(inner);
}

function optionSites(analysis: Analysis, framework: FrameworkDescription, option: OptionUse, call: ts.CallExpression | ts.NewExpression): ts.Node[] {
  const values = analysis.values;
  const argument = call.arguments?.[option.arg];
  const roots = rootObjects(values, argument);
  if (roots.length === 0) {
    if (option.key === undefined && option.whenAbsent && !argument && usesThisMajor(analysis, framework, call.getSourceFile())) return [calleeParts(call).nameNode ?? call];
    return [];
  }
  const out: ts.Node[] = [];
  for (const container of roots.flatMap((root) => objectsAt(values, root, option.container))) {
    if (option.unless && literalAt(values, container, option.unless.path) === option.unless.equals) continue;
    if (option.key === undefined) {
      out.push(calleeParts(call).nameNode ?? call);
      continue;
    }
    const prop = property(container, option.key);
    if (!prop || !prop.name) continue;
    if (option.equals !== undefined && literalAt(values, container, [option.key]) !== option.equals) continue;
    const value = propertyValue(prop);
    if (option.defined && (!value || isUndefined(unwrap(value)))) continue;
    out.push(prop.name);
  }
  return out;
}

/** The file's project uses the description's major of the framework (one of its packages, installed or declared at it). */
function usesThisMajor(analysis: Analysis, framework: FrameworkDescription, sf: ts.SourceFile): boolean {
  return framework.modules.some((module) => analysis.dependencyMajor(sf.fileName, splitPackageSpecifier(module)?.name ?? module) === framework.frameworkMajor);
}

function unlessInFile(analysis: Analysis, framework: FrameworkDescription, condition: FileCondition | undefined, sf: ts.SourceFile): boolean {
  return !!condition && conditionHolds(analysis, framework, condition, [sf]);
}

/** Whether `files` make the condition's call with its literal: in one such call, or with `every` in all (and at least one). */
function conditionHolds(analysis: Analysis, framework: FrameworkDescription, condition: FileCondition, files: readonly ts.SourceFile[]): boolean {
  let matching = 0;
  let calls = 0;
  for (const sf of files) {
    forEachDescendant(sf, (node) => {
      if (!(ts.isCallExpression(node) || ts.isNewExpression(node))) return;
      if (!callMatches(analysis.values, analysis.sdk, framework, node, condition.on)) return;
      calls++;
      const roots = rootObjects(analysis.values, node.arguments?.[condition.arg]);
      if (roots.length && roots.every((root) => literalAt(analysis.values, root, condition.path) === condition.equals)) matching++;
    });
  }
  return condition.every ? calls > 0 && matching === calls : matching > 0;
}

/** The exported name and value of a route-module export: `export { handler as GET }`, `export const GET = …`, `export function GET`. */
function routeExport(node: ts.Node): { name: ts.Identifier; value: ts.Node } | undefined {
  if (ts.isExportSpecifier(node) && !node.isTypeOnly && !node.parent.parent.moduleSpecifier && ts.isIdentifier(node.name)) {
    const local = node.propertyName ?? node.name;
    return ts.isIdentifier(local) ? { name: node.name, value: local } : undefined;
  }
  const exported = (n: ts.Node): boolean => !!ts.getModifiers(n as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isVariableDeclarationList(node.parent) && exported(node.parent.parent)) {
    return { name: node.name, value: node.initializer };
  }
  if (ts.isFunctionDeclaration(node) && node.name && node.body && exported(node)) return { name: node.name, value: node };
  return undefined;
}

/**
 * Whether `node` is (or answers with) the handler a `RouteExportUse` describes: the creating call, a
 * variable holding it, a wrapper around it, or a function returning `handler(req)`.
 */
function isRouteHandler(analysis: Analysis, framework: FrameworkDescription, route: RouteExportUse, node: ts.Node, depth = 0, seen = new Set<ts.Node>()): boolean {
  if (depth > 4 || seen.has(node)) return false;
  seen.add(node);
  const values = analysis.values;
  const inner = unwrap(node);
  if (ts.isIdentifier(inner)) {
    const decl = values.symbolOf(inner)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer) return isRouteHandler(analysis, framework, route, decl.initializer, depth + 1, seen);
    return !!decl && isFunctionLike(decl) && isRouteHandler(analysis, framework, route, decl, depth + 1, seen);
  }
  if (isFunctionLike(inner)) {
    // `async (req) => handler(req)`, `return createMcpHandler(...)(req)`: the function answers with the handler.
    return returnedExpressions(inner).some((e) => {
      const call = unwrap(ts.isAwaitExpression(unwrap(e)) ? (unwrap(e) as ts.AwaitExpression).expression : e);
      return ts.isCallExpression(call) && isRouteHandler(analysis, framework, route, call.expression, depth + 1, seen);
    });
  }
  if (!ts.isCallExpression(inner)) return false;
  if (callMatches(values, analysis.sdk, framework, inner, route.of)) {
    if (!route.when) return true;
    const { arg, container, unless, whenAbsent } = route.when;
    const condition: OptionUse = { on: route.of, arg, container, unless, whenAbsent, use: route.use };
    return optionSites(analysis, framework, condition, inner).length > 0;
  }
  return (route.wrappers ?? []).some((w) => callMatches(values, analysis.sdk, framework, inner, { fn: w.fn }) && !!inner.arguments[w.arg] && isRouteHandler(analysis, framework, route, inner.arguments[w.arg]!, depth + 1, seen));
}

/**
 * Whether `node` holds a framework value as the framework handed it out: a callback parameter (or what
 * is destructured from one), a member of a framework value (`event.session`), an element of a framework
 * list, or a variable/parameter fed only so — not a value read back from a project object's field.
 */
function fromFramework(analysis: Analysis, node: ts.Node, depth = 0, seen = new Set<ts.Node>()): boolean {
  if (depth > 6 || seen.has(node)) return false;
  seen.add(node);
  const values = analysis.values;
  const inner = unwrap(node);
  if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) {
    if (inner.expression.kind === ts.SyntaxKind.ThisKeyword) return false;
    return values.valueOf(inner.expression)?.kind === 'framework';
  }
  if (!ts.isIdentifier(inner)) return false;
  let decl: ts.Node | undefined = values.symbolOf(inner)?.valueDeclaration;
  while (decl && ts.isBindingElement(decl)) decl = decl.parent.parent;
  if (!decl) return false;
  if (ts.isVariableDeclaration(decl)) {
    const loop = forOfLoop(decl);
    if (loop) return values.valueOf(loop.expression)?.kind === 'framework';
    return !!decl.initializer && fromFramework(analysis, decl.initializer, depth + 1, seen);
  }
  if (!ts.isParameter(decl) || !isFunctionLike(decl.parent)) return false;
  if (frameworkParameter(values, analysis.sdk, decl)) return true;
  const index = decl.parent.parameters.indexOf(decl);
  return values.calls.invocationsOf(decl.parent).some((site) => {
    const arg = site.arguments?.[index];
    return !!arg && !ts.isSpreadElement(arg) && fromFramework(analysis, arg, depth + 1, seen);
  });
}

/** Where a framework value kept in a field is reported: the assignment, or the arguments a setter/constructor received it by. */
function keptSites(analysis: Analysis, assignment: ts.BinaryExpression): ts.Node[] {
  const right = unwrap(assignment.right);
  const decl = ts.isIdentifier(right) ? analysis.values.symbolOf(right)?.valueDeclaration : undefined;
  const fn = enclosingFunction(assignment);
  if (decl && ts.isParameter(decl) && fn && decl.parent === fn) {
    const index = fn.parameters.indexOf(decl);
    const args = analysis.values.calls.invocationsOf(fn).flatMap((site) => {
      const arg = site.arguments?.[index];
      return arg && !ts.isSpreadElement(arg) && fromFramework(analysis, arg) ? [arg] : [];
    });
    if (args.length) return args;
  }
  return fromFramework(analysis, assignment.right) ? [assignment.left] : [];
}

/** Records one framework site: `use` at `node`, its `once` group scoped to `scope` (the enclosing class, else the file). */
type AddSite = (framework: FrameworkDescription, use: SiteUse | undefined, node: ts.Node, scope?: ts.Node) => void;

interface RawSite {
  framework: FrameworkDescription;
  use: SiteUse;
  node: ts.Node;
  scope: ts.Node;
}

/** Every framework site of a file, in source order, with `once` groups reduced to their first site. */
function computeSites(analysis: Analysis, sf: ts.SourceFile): FrameworkSite[] {
  const raw: RawSite[] = [];
  const add: AddSite = (framework, use, node, scope) => {
    if (use) raw.push({ framework, use, node, scope: scope ?? enclosingClass(node) ?? sf });
  };
  forEachDescendant(sf, (node) => {
    if (ts.isPropertyAccessExpression(node)) return memberSites(analysis, node, add);
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) return classSites(analysis, node, add);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left))) {
      return keptByAssignment(analysis, node, add);
    }
    if (ts.isParameter(node) && ts.isConstructorDeclaration(node.parent) && ts.isParameterPropertyDeclaration(node, node.parent)) {
      return keptByParameterProperty(analysis, node, node.parent, add);
    }
    routeExportSites(analysis, node, sf, add);
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) callSites(analysis, node, sf, add);
    if (ts.isCallExpression(node)) staticCallSites(analysis, node, sf, add);
  });
  return reducedOnce(analysis, raw);
}

/** `this.x`, `session.x` (a framework value), `agent.x` (an instance of the project's framework subclass handed on). */
function memberSites(analysis: Analysis, node: ts.PropertyAccessExpression, add: AddSite): void {
  if (node.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const cls = enclosingClass(node);
    const base = cls && frameworkBase(analysis, cls);
    if (base) add(base.framework, base.description.thisMembers?.[node.name.text]?.use, node.name, cls);
    return;
  }
  const object = analysis.values.valueOf(node.expression);
  if (object?.kind === 'framework' && object.framework && object.cls) {
    const framework = FRAMEWORKS_BY_ID.get(object.framework)!;
    add(framework, framework.members[object.cls]?.[node.name.text]?.use, node.name);
    return;
  }
  // An instance of the project's subclass handed on (`confirm(agent: EpicMeMCP, …)` calling `agent.elicitInput()`):
  // its members are the ones `this.` reaches inside the class (sweep 11 J3).
  const cls = declaredClassOf(analysis, node.expression);
  const base = cls && frameworkBase(analysis, cls);
  if (base) add(base.framework, base.description.thisMembers?.[node.name.text]?.use, node.name, cls);
}

/** A subclass of a framework class: its declaration and the framework fields it declares. */
function classSites(analysis: Analysis, node: ts.ClassDeclaration | ts.ClassExpression, add: AddSite): void {
  const base = frameworkBase(analysis, node);
  if (!base) return;
  add(base.framework, base.description.declaration, node.name ?? node, node);
  for (const member of node.members) {
    const name = member.name ? propertyNameText(member.name as ts.PropertyName) : undefined;
    if (ts.isPropertyDeclaration(member) && name) add(base.framework, base.description.fields?.[name], member.name, node);
  }
}

/** The framework value `value` is, and what keeping it in a field means (`kept`), when it is kept. */
function keptUse(analysis: Analysis, value: ts.Expression): { framework: FrameworkDescription; use: SiteUse } | undefined {
  const v = analysis.values.valueOf(value);
  const framework = v?.kind === 'framework' && v.framework ? FRAMEWORKS_BY_ID.get(v.framework) : undefined;
  const use = framework && v?.cls ? framework.kept?.[v.cls] : undefined;
  return framework && use ? { framework, use } : undefined;
}

/** `this.session = session`: a framework value kept in a field. */
function keptByAssignment(analysis: Analysis, node: ts.BinaryExpression, add: AddSite): void {
  const kept = keptUse(analysis, node.right);
  if (kept) for (const site of keptSites(analysis, node)) add(kept.framework, kept.use, site, site.getSourceFile());
}

/** `constructor(private session: FastMCPSession)`: a field assigned from the argument. */
function keptByParameterProperty(analysis: Analysis, node: ts.ParameterDeclaration, ctor: ts.ConstructorDeclaration, add: AddSite): void {
  const index = ctor.parameters.indexOf(node);
  for (const site of analysis.values.calls.invocationsOf(ctor)) {
    const arg = site.arguments?.[index];
    const kept = arg && !ts.isSpreadElement(arg) ? keptUse(analysis, arg) : undefined;
    if (kept && fromFramework(analysis, arg!)) add(kept.framework, kept.use, arg!, arg!.getSourceFile());
  }
}

/** An exported route handler a framework serves by its export's name (`export const GET = …`). */
function routeExportSites(analysis: Analysis, node: ts.Node, sf: ts.SourceFile, add: AddSite): void {
  const exported = routeExport(node);
  if (!exported) return;
  for (const framework of FRAMEWORKS) {
    for (const route of framework.routeExports ?? []) {
      if (route.methods.includes(exported.name.text) && isRouteHandler(analysis, framework, route, exported.value)) add(framework, route.use, exported.name, sf);
    }
  }
}

/** A framework's options, calls and events at a call or `new`. */
function callSites(analysis: Analysis, node: ts.CallExpression | ts.NewExpression, sf: ts.SourceFile, add: AddSite): void {
  const values = analysis.values;
  for (const framework of FRAMEWORKS) {
    for (const option of framework.options) {
      if (!callMatches(values, analysis.sdk, framework, node, option.on)) continue;
      const sites = optionSites(analysis, framework, option, node);
      if (sites.length && unlessInFile(analysis, framework, option.unlessInFile, sf)) continue;
      for (const site of sites) add(framework, option.use, site);
    }
    if (!ts.isCallExpression(node)) continue;
    for (const call of framework.calls ?? []) {
      if (!callMatches(values, analysis.sdk, framework, node, call.on)) continue;
      const argument = call.whenArgument ? node.arguments[call.whenArgument.index] : undefined;
      if (call.whenArgument) {
        const kind = argument ? values.valueOf(argument)?.kind : undefined;
        if (!(call.whenArgument.sdk ?? []).some((k) => k === kind) && !(call.whenArgument.sessionId && kind === 'session-id')) continue;
      }
      add(framework, call.use, calleeParts(node).nameNode ?? node);
    }
    for (const event of framework.events) {
      if (!node.arguments[0] || !callMatches(values, analysis.sdk, framework, node, event.on)) continue;
      if (values.constantString(node.arguments[0]) === event.event && !unlessInFile(analysis, framework, event.unlessInFile, sf)) add(framework, event.use, node.arguments[0]);
    }
  }
}

/** `MyMCP.serve('/mcp')`: a static of a framework subclass. */
function staticCallSites(analysis: Analysis, node: ts.CallExpression, sf: ts.SourceFile, add: AddSite): void {
  const { name, nameNode, receiver } = calleeParts(node);
  const inner = receiver && unwrap(receiver);
  if (!name || !inner || !ts.isIdentifier(inner)) return;
  for (const decl of analysis.values.symbolOf(inner)?.declarations ?? []) {
    if (!ts.isClassDeclaration(decl) && !ts.isClassExpression(decl)) continue;
    const base = frameworkBase(analysis, decl);
    if (base && nameNode) add(base.framework, base.description.statics?.[name], nameNode, sf);
  }
}

/** The sites in source order, a `once` use kept only at its first site in its scope. */
function reducedOnce(analysis: Analysis, raw: RawSite[]): FrameworkSite[] {
  const seen = new Set<string>();
  const scopes = new Map<ts.Node, number>();
  const out: FrameworkSite[] = [];
  for (const site of raw.sort((a, b) => a.node.getStart() - b.node.getStart())) {
    if (site.use.once) {
      const scope = scopes.get(site.scope) ?? scopes.size;
      scopes.set(site.scope, scope);
      const key = `${scope}\0${site.use.rule}\0${site.use.group ?? site.use.advice}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push({ rule: site.use.rule, node: site.node, message: message(site.framework, site.use, servesStdioOnly(analysis, site.framework)), advice: site.use.advice });
  }
  return out;
}

/**
 * The framework sites of the analysed files (computed once per analysis and file). A project in
 * which no file imports a framework module pays one regular-expression test per file.
 */
export function frameworkSites(analysis: Analysis, files: ReadonlySet<ts.SourceFile>): FrameworkSite[] {
  let cache = siteCache.get(analysis);
  if (!cache) {
    cache = new Map();
    siteCache.set(analysis, cache);
  }
  if (![...files].some((sf) => usesFrameworks(analysis.sdk, sf))) return [];
  const out: FrameworkSite[] = [];
  for (const sf of files) {
    let sites = cache.get(sf);
    if (!sites) {
      sites = computeSites(analysis, sf);
      cache.set(sf, sites);
    }
    out.push(...sites);
  }
  return out;
}

/**
 * The framework sites of `files` that the catalogue rule `ruleId` reports, with the framework's advice:
 * for a transform marking what it does not rewrite (the same sites, the same message as the scan).
 */
export function frameworkSitesOf(analysis: Analysis, files: readonly ts.SourceFile[], ruleId: string): ReadonlyArray<{ node: ts.Node; message: string; advice: string }> {
  return frameworkSites(analysis, new Set(files.filter((sf) => !sf.isDeclarationFile))).filter((site) => site.rule === ruleId);
}

/**
 * The connections the project's framework servers are served over that outlive a request (`connectionServing` of
 * the descriptions: FastMCP's `server.start({ transportType: 'stdio' })`), each transport once.
 */
export function frameworkConnectionTransports(analysis: Analysis, files: readonly ts.SourceFile[]): Set<'stdio' | 'HTTP+SSE'> {
  const found = new Set<'stdio' | 'HTTP+SSE'>();
  const frameworks = FRAMEWORKS.filter((f) => f.connectionServing?.length);
  if (frameworks.length === 0) return found;
  for (const sf of files) {
    if (sf.isDeclarationFile || !usesFrameworks(analysis.sdk, sf)) continue;
    forEachDescendant(sf, (node) => {
      if (!ts.isCallExpression(node)) return;
      for (const framework of frameworks) {
        for (const serving of framework.connectionServing!) {
          if (!callMatches(analysis.values, analysis.sdk, framework, node, serving.on)) continue;
          if (rootObjects(analysis.values, node.arguments[serving.arg]).some((root) => literalAt(analysis.values, root, serving.path) === serving.equals)) found.add(serving.transport);
        }
      }
    });
  }
  return found;
}

/**
 * The project class an expression is declared an instance of: a name (a parameter, a variable, a field) whose declared
 * type, in TypeScript or a JSDoc `@param`/`@type`, refers to a class of the program (`agent: EpicMeMCP`).
 */
function declaredClassOf(analysis: Analysis, expression: ts.Expression): ts.ClassLikeDeclaration | undefined {
  const node = unwrap(expression);
  if (ts.isPropertyAccessExpression(node)) return classHandedInMember(analysis, node);
  if (!ts.isIdentifier(node)) return undefined;
  const decl = analysis.values.symbolOf(node)?.valueDeclaration;
  const type = decl && (ts.isParameter(decl) || ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl)) ? declaredType(decl) : undefined;
  if (!type || !ts.isTypeReferenceNode(type)) return undefined;
  const target = analysis.values.symbolOf(ts.isQualifiedName(type.typeName) ? type.typeName.right : type.typeName)?.valueDeclaration;
  return target && ts.isClassLike(target) ? target : undefined;
}

/**
 * `context.agent` where `context` is a parameter and every caller hands it an object literal whose `agent` is `this` of
 * one class (`registerTools(this.server, { agent: this })` in an `McpAgent` subclass): that class (sweep 25 Y4). The
 * parameter's declared type (a structural interface) does not name it.
 */
function classHandedInMember(analysis: Analysis, access: ts.PropertyAccessExpression): ts.ClassLikeDeclaration | undefined {
  const holder = unwrap(access.expression);
  if (!ts.isIdentifier(holder)) return undefined;
  const param = analysis.values.symbolOf(holder)?.valueDeclaration;
  if (!param || !ts.isParameter(param)) return undefined;
  const member = access.name.text;
  let found: ts.ClassLikeDeclaration | undefined;
  for (const passed of analysis.values.calls.argumentsFor(param)) {
    const arg = unwrap(passed);
    if (!ts.isObjectLiteralExpression(arg)) return undefined;
    const prop = arg.properties.find((p) => p.name && propertyNameText(p.name) === member);
    const value = prop && ts.isPropertyAssignment(prop) ? unwrap(prop.initializer) : undefined;
    const cls = value && value.kind === ts.SyntaxKind.ThisKeyword ? enclosingClass(value) : undefined;
    if (!cls || (found && found !== cls)) return undefined;
    found = cls;
  }
  return found;
}
