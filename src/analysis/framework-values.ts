/**
 * Values of frameworks built on the SDK, for the value inference (`values.ts`): what an instance of a
 * framework export is, what a member of a framework value is, and which callback parameters a
 * framework supplies, as the framework descriptions (`src/frameworks`) say.
 */
import { ts } from '../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, propertyNameText, unwrap } from './ast.js';
import type { SdkSymbols } from './sdk-symbols.js';
import type { Hop, Value, ValueQueries } from './value.js';
import { FRAMEWORKS, FRAMEWORKS_BY_ID } from '../frameworks/index.js';
import type { CallbackHost, FrameworkDescription, MemberMeaning, SdkValue } from '../frameworks/types.js';

const sdkValue = (sdk: SdkValue, hops: readonly Hop[]): Value => {
  const cls = sdk === 'mcp-server' ? 'McpServer' : sdk === 'server' ? 'Server' : undefined;
  return { kind: sdk, cls, hops };
};

function roleValue(framework: FrameworkDescription, role: string, hops: readonly Hop[]): Value {
  return { kind: 'framework', framework: framework.id, cls: role, hops };
}

/** An instance (or a value typed with) a framework export: `new FastMCP(...)`, `context: Context`. */
export function frameworkInstance(ref: { name: string; framework?: string } | undefined, hops: readonly Hop[]): Value | undefined {
  const framework = ref?.framework ? FRAMEWORKS_BY_ID.get(ref.framework) : undefined;
  const role = framework?.exports[ref!.name];
  return framework && role ? roleValue(framework, role, hops) : undefined;
}

function meaningValue(framework: FrameworkDescription, meaning: MemberMeaning | undefined, hops: readonly Hop[]): Value | undefined {
  if (!meaning) return undefined;
  if (meaning.sessionId) return { kind: 'session-id', origin: meaning.sessionId, hops };
  if (meaning.sdk) return sdkValue(meaning.sdk, hops);
  if (meaning.role) return roleValue(framework, meaning.role, hops);
  if (meaning.elementsRole) return roleValue(framework, `${meaning.elementsRole}${LIST}`, hops);
  return undefined;
}

const LIST = '[]';

/** What iterating a framework list yields (`for (const session of server.sessions)`, `server.sessions.forEach(…)`). */
export function frameworkElement(list: Value | undefined): Value | undefined {
  if (list?.kind !== 'framework' || !list.framework || !list.cls?.endsWith(LIST)) return undefined;
  const framework = FRAMEWORKS_BY_ID.get(list.framework);
  return framework ? roleValue(framework, list.cls.slice(0, -LIST.length), list.hops) : undefined;
}

/** `object.name` where `object` is a framework value. */
export function frameworkMember(object: Value | undefined, name: string): Value | undefined {
  if (object?.kind !== 'framework' || !object.framework || !object.cls) return undefined;
  const framework = FRAMEWORKS_BY_ID.get(object.framework);
  return framework ? meaningValue(framework, framework.members[object.cls]?.[name], object.hops) : undefined;
}

/** Whether `call` is the host of a callback or option: `server.addTool(...)` on a framework server, or an exported function. */
export function callMatches(values: ValueQueries, sdk: SdkSymbols, framework: FrameworkDescription, call: ts.CallExpression | ts.NewExpression, host: CallbackHost | { construct: string }): boolean {
  if ('construct' in host) {
    if (!ts.isNewExpression(call)) return false;
    const ref = sdk.frameworkExportOf(call.expression);
    return ref?.framework === framework.id && ref.name === host.construct;
  }
  if (!ts.isCallExpression(call)) return false;
  if ('fn' in host) {
    const ref = sdk.frameworkExportOf(unwrap(call.expression));
    return ref?.framework === framework.id && ref.name === host.fn;
  }
  const { name, receiver } = calleeParts(call);
  if (name !== host.method || !receiver) return false;
  const value = values.valueOf(receiver);
  return value?.kind === 'framework' && value.framework === framework.id && value.cls === host.role;
}

/**
 * A callback parameter the framework supplies: `server.addTool({ execute: async (args, context) => … })`,
 * also through a `const tool = { execute … }` passed later, `server.on('connect', (event) => …)`, or
 * `createMcpHandler((server) => …)`.
 */
export function frameworkParameter(values: ValueQueries, sdk: SdkSymbols, param: ts.ParameterDeclaration): Value | undefined {
  const fn = param.parent;
  if (!isFunctionLike(fn)) return undefined;
  const index = fn.parameters.indexOf(param);
  // The function as an argument, or as a property of an object literal.
  let holder: ts.Node = fn;
  let property: string | undefined;
  const parent = fn.parent;
  if (parent && (ts.isPropertyAssignment(parent) && parent.initializer === fn)) {
    property = propertyNameText(parent.name);
    holder = parent.parent;
  } else if (ts.isMethodDeclaration(fn) && ts.isObjectLiteralExpression(fn.parent)) {
    property = propertyNameText(fn.name);
    holder = fn.parent;
  }
  const sites = argumentSites(values, sdk, holder);
  const declared = property !== undefined ? declaredFrameworkType(sdk, holder) : undefined;
  if (sites.length === 0 && !declared) return undefined;
  for (const framework of FRAMEWORKS) {
    for (const callback of framework.callbacks) {
      if (callback.param !== index || callback.property !== property) continue;
      if (declared?.framework === framework.id && callback.objectTypes?.includes(declared.name)) {
        const name = ts.isIdentifier(param.name) ? param.name.text : param.name.getText();
        const hops = [{ text: `\`${name}\` of ${callback.label}${ts.isObjectLiteralExpression(holder) && toolName(holder) ? ` ('${toolName(holder)}')` : ''}`, node: param }];
        return 'role' in callback.value ? roleValue(framework, callback.value.role, hops) : sdkValue(callback.value.sdk, hops);
      }
      for (const { call, arg } of sites) {
        if (arg !== callback.arg || !callMatches(values, sdk, framework, call, callback.on)) continue;
        if (callback.event !== undefined && (call.arguments.length === 0 || values.constantString(call.arguments[0]!) !== callback.event)) continue;
        const name = ts.isIdentifier(param.name) ? param.name.text : param.name.getText();
        const first = call.arguments[0] && ts.isObjectLiteralExpression(unwrap(call.arguments[0])) ? toolName(unwrap(call.arguments[0]) as ts.ObjectLiteralExpression) : undefined;
        const hops = [{ text: `\`${name}\` of ${callback.label}${first ? ` ('${first}')` : ''}`, node: param }];
        return 'role' in callback.value ? roleValue(framework, callback.value.role, hops) : sdkValue(callback.value.sdk, hops);
      }
    }
  }
  return undefined;
}

/** The framework type an object literal is declared with: `const t: Tool<A> = {…}`, `{…} satisfies Tool<A>`, `{…} as Tool<A>`. */
function declaredFrameworkType(sdk: SdkSymbols, object: ts.Node): { name: string; framework?: string } | undefined {
  let type: ts.TypeNode | undefined;
  for (let node = object; node.parent; node = node.parent) {
    const parent = node.parent;
    if ((ts.isSatisfiesExpression(parent) || ts.isAsExpression(parent)) && parent.expression === node) {
      type = parent.type;
      break;
    }
    if (ts.isParenthesizedExpression(parent)) continue;
    if (ts.isVariableDeclaration(parent) && parent.initializer === node) type = parent.type;
    break;
  }
  return type && ts.isTypeReferenceNode(type) ? sdk.frameworkExportOf(type.typeName) : undefined;
}

function toolName(object: ts.ObjectLiteralExpression): string | undefined {
  const prop = object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'name');
  return prop && ts.isStringLiteralLike(prop.initializer) ? prop.initializer.text : undefined;
}

/** Where `node` is passed: as an argument directly, as an element of an array argument, or through a variable. */
function argumentSites(values: ValueQueries, sdk: SdkSymbols, node: ts.Node): Array<{ call: ts.CallExpression; arg: number }> {
  let outer = node;
  while (outer.parent && (ts.isParenthesizedExpression(outer.parent) || ts.isAsExpression(outer.parent) || ts.isSatisfiesExpression(outer.parent) || ts.isArrayLiteralExpression(outer.parent))) outer = outer.parent;
  const parent = outer.parent;
  if (parent && ts.isCallExpression(parent)) {
    const arg = parent.arguments.indexOf(outer as ts.Expression);
    return arg >= 0 ? [{ call: parent, arg }] : [];
  }
  // A tool object held in a variable and passed later: only looked for in files that import a framework
  // (the search walks the file, and ordinary code is full of object literals with callbacks).
  if (parent && ts.isVariableDeclaration(parent) && parent.initializer === outer && ts.isIdentifier(parent.name) && usesFrameworks(sdk, parent.getSourceFile())) {
    const symbol = values.symbolOf(parent.name);
    const text = parent.name.text;
    const out: Array<{ call: ts.CallExpression; arg: number }> = [];
    forEachDescendant(parent.getSourceFile(), (n) => {
      if (!ts.isCallExpression(n)) return;
      n.arguments.forEach((a, i) => {
        const inner = unwrap(a);
        const ids = ts.isArrayLiteralExpression(inner) ? inner.elements.map(unwrap) : [inner];
        if (ids.some((id) => ts.isIdentifier(id) && id.text === text && values.symbolOf(id) === symbol)) out.push({ call: n, arg: i });
      });
    });
    return out;
  }
  return [];
}

const FRAMEWORK_IMPORT = new RegExp(`['"](?:${FRAMEWORKS.flatMap((f) => f.modules).map((m) => m.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(?:/[^'"]*)?['"]`);

const importsFramework = new WeakMap<ts.SourceFile, boolean>();

export function usesFrameworks(sdk: SdkSymbols, sf: ts.SourceFile): boolean {
  let uses = importsFramework.get(sf);
  if (uses === undefined) {
    // A framework package by name, or the framework's own source by relative path (its examples).
    uses = FRAMEWORK_IMPORT.test(sf.text) || sdk.importsFrameworkSource(sf);
    importsFramework.set(sf, uses);
  }
  return uses;
}
