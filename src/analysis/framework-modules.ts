/**
 * Which modules are a framework's (`sdk-symbols.ts`, `candidates.ts`), and which project classes and
 * modules stand for a vendored SDK or a framework's own source: the module-level questions the
 * analysis asks of the framework descriptions (`src/frameworks`).
 */
import { ts } from '../typescript.js';
import { forEachDescendant, propertyNameText } from './ast.js';
import { FRAMEWORKS, type FrameworkDescription } from '../frameworks/index.js';
import { VENDORED_SDK_CLASSES, VENDORED_SDK_MODULES } from '../frameworks/vendored-sdk.js';

/** The framework a module specifier belongs to (`fastmcp`, `agents/mcp`, `mcp-handler`, `mcp-framework/...`). */
export function frameworkOfSpecifier(specifier: string): FrameworkDescription | undefined {
  return frameworkOfServerModule(specifier) ?? FRAMEWORKS.find((f) => f.companionModules?.includes(specifier));
}

function frameworkOfServerModule(specifier: string): FrameworkDescription | undefined {
  const under = (m: string): boolean => specifier === m || specifier.startsWith(`${m}/`);
  return FRAMEWORKS.find((f) => f.modules.some(under) && !f.clientModules?.some(under));
}

/** Prefilter: does importing `specifier` make a file MCP server code (a companion module does not). */
export function isFrameworkModule(specifier: string): boolean {
  return frameworkOfServerModule(specifier) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Vendored SDK

/** The SDK class a project class declaration stands for, judged by its name and members. */
export function vendoredSdkClass(decl: ts.ClassDeclaration): string | undefined {
  const name = decl.name?.text;
  if (!name) return undefined;
  const members = new Set<string>();
  for (const member of decl.members) {
    const text = member.name ? propertyNameText(member.name as ts.PropertyName) : undefined;
    if (text) members.add(text);
    // JavaScript declares fields by assigning them in the constructor: `this.server = new Server(...)`.
    if (ts.isConstructorDeclaration(member) && member.body) {
      forEachDescendant(member.body, (node) => {
        if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.expression.kind === ts.SyntaxKind.ThisKeyword) {
          members.add(node.left.name.text);
        }
      });
    }
  }
  return VENDORED_SDK_CLASSES.some((c) => c.name === name && c.members.every((m) => members.has(m))) ? name : undefined;
}

// ---------------------------------------------------------------------------------------------
// Modules that stand for a package module (vendored SDK, a framework's own sources)

interface DeclaredShape {
  module: string;
  declares: RegExp;
  mentions: readonly RegExp[];
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const SHAPES: readonly DeclaredShape[] = [
  ...VENDORED_SDK_CLASSES.filter((c) => c.module).map((c) => ({ module: c.module!, name: c.name, members: c.members })),
  ...FRAMEWORKS.flatMap((f) => (f.declaredBy ?? []).map((c) => ({ module: c.module ?? f.modules[0]!, name: c.name, members: c.members }))),
].map(({ module, name, members }) => ({
  module,
  declares: new RegExp(`\\bclass\\s+${escape(name)}\\b`),
  mentions: members.map((m) => new RegExp(`\\b${escape(m)}\\b`)),
})).concat(
  VENDORED_SDK_MODULES.map((m) => ({
    module: m.module,
    declares: new RegExp(`\\bexport\\s+(?:declare\\s+)?(?:const|let|var|function|async\\s+function|class)\\s+${escape(m.exports[0]!)}\\b`),
    mentions: m.exports.slice(1).map((e) => new RegExp(`\\bexport\\s+(?:declare\\s+)?(?:const|let|var|function|async\\s+function|class)\\s+${escape(e)}\\b`)),
  })),
);

/** One test that every module standing for a package module passes (most files fail it at once). */
const MAY_DECLARE = new RegExp(SHAPES.map((s) => s.declares.source).join('|'));

/**
 * Names whose relative import may be an import of a vendored SDK or framework module: the classes
 * those modules are recognised by (`import { McpServer } from '../../server/mcp.js'`).
 */
export const DECLARED_CLASS_NAMES: ReadonlySet<string> = new Set([
  ...VENDORED_SDK_CLASSES.filter((c) => c.module).map((c) => c.name),
  ...FRAMEWORKS.flatMap((f) => (f.declaredBy ?? []).map((c) => c.name)),
]);

/**
 * The package module (an SDK module, a framework's entry) a project module stands for, judged from
 * its text by what it declares: `export class FastMCP` with FastMCP's members is `fastmcp`.
 */
export function packageModuleDeclaredBy(text: string): string | undefined {
  if (!MAY_DECLARE.test(text)) return undefined;
  return SHAPES.find((s) => s.declares.test(text) && s.mentions.every((m) => m.test(text)))?.module;
}
