/**
 * A transport registry handed to the HTTP+SSE endpoint that stateless-serving keeps for 2025-era clients
 * (analysis/legacy-sse.ts) is that endpoint's, not plumbing the stateless handler replaces:
 * microsoft/playwright-mcp's `startHttpTransport` declares `const sseSessions = new Map()` and passes it
 * to `handleSSE(…, sseSessions)`, the kept endpoint. The registry the endpoint itself names is already
 * left to the endpoint's marker (legacySseEndpoint's `registries`); one that reaches it only as an argument
 * was marked "replace the sessionful transport and this registry with the stateless handler", advice that
 * contradicts the endpoint's own marker. Its marker says instead that it is kept with the endpoint and
 * goes with it.
 */
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant, isInside } from '../../analysis/ast.js';
import { functionName } from '../../analysis/declarations.js';
import { legacySseEndpoint } from '../../analysis/legacy-sse.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { sessionCountAt } from '../../analysis/registry-counts.js';

type Analysis = AnalysisResult['analysis'];

/** The marker text for a registry whose every use hands it to the file's kept HTTP+SSE endpoint; undefined otherwise. */
export function keptSseRegistryAdvice(analysis: Analysis, store: SessionStore, sf: ts.SourceFile): string | undefined {
  const decl = store.declaration;
  if (decl && ts.isPropertyDeclaration(decl) && decl.getSourceFile() === sf) return classRegistryAdvice(analysis, store, decl, sf);
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name) || decl.getSourceFile() !== sf) return undefined;
  const endpoint = legacySseEndpoint(analysis, sf);
  if (!endpoint) return undefined;
  const values = analysis.values;
  const name = decl.name;
  const symbol = values.symbolOf(name);
  if (!symbol) return undefined;
  const inPart = (node: ts.Node): ts.Node | undefined => endpoint.parts.find((p) => node.pos >= p.pos && node.end <= p.end);
  const handlers = new Set<string>();
  /** The functions outside the endpoint that iterate the registry (a broadcast), by name. */
  const iterated = new Set<string>();
  // Counts of its sessions (a health route's `Object.keys(transports).length`) outside the endpoint's code.
  const counted: string[] = [];
  let used = false;
  let uses = 0;
  let elsewhere = false;
  forEachDescendant(sf, (node) => {
    if (elsewhere || !ts.isIdentifier(node) || node === name || node.text !== name.text || values.symbolOf(node) !== symbol) return;
    uses++;
    if (inPart(node)) {
      used = true;
      return;
    }
    const count = sessionCountAt(node);
    if (count) {
      counted.push(`\`${count.getText(sf)}\``);
      return;
    }
    // Iterated to reach every connection (`for (const { server } of connections.values())`, `connections.forEach(…)`):
    // a broadcast over the endpoint's sessions, which lives and goes with the endpoint (sweep 34 AH7).
    const walker = iteratingFunction(node);
    if (walker !== undefined) {
      iterated.add(walker);
      return;
    }
    // Passed as an argument to a function that is one of the endpoint's parts (`handleSSE(…, sseSessions)`).
    const call = node.parent;
    if (ts.isCallExpression(call) && call.arguments.includes(node as ts.Expression)) {
      const callee = values.symbolOf(call.expression);
      const target = callee?.valueDeclaration ?? callee?.declarations?.[0];
      const part = target && inPart(target);
      if (part) {
        handlers.add(ts.isIdentifier(call.expression) ? call.expression.text : call.expression.getText(sf));
        return;
      }
    }
    elsewhere = true;
  });
  if (elsewhere || !uses) return undefined;
  if (!handlers.size && iterated.size && used) {
    const walkers = [...iterated].map((w) => (w === '' ? 'code outside it' : `\`${w}()\``)).join(', ');
    return `the session registry of this file's HTTP+SSE endpoint, kept for 2025-era clients (its marker says what removes it), and otherwise iterated by ${walkers} to reach every connection: it is that endpoint's (its SSE streams are found by session id), not plumbing the stateless handler replaces. It stays while the endpoint does; when the endpoint goes, it goes with it, and so does what ${iterated.size === 1 ? 'that loop sends' : 'those loops send'} (2026-07-28 clients get nothing outside a request: send it as a request's progress or log, or publish a change event).`;
  }
  if (!handlers.size) {
    // Used by the endpoint's own routes and otherwise only counted: the endpoint's registry, with a figure beside it.
    if (!used || !counted.length) return undefined;
    return `the session registry of this file's HTTP+SSE endpoint, kept for 2025-era clients (its marker says what removes it), and otherwise only counted (${[...new Set(counted)].join(', ')}): it is that endpoint's (its SSE streams are found by session id), not plumbing the stateless handler replaces. It stays while the endpoint does; when the endpoint goes, it goes with it and each count becomes 0.`;
  }
  const named = [...handlers].map((h) => `\`${h}\``).join(', ');
  return `the session registry of the HTTP+SSE endpoint ${named}, kept for 2025-era clients and handed this registry as an argument: it is that endpoint's (its SSE streams are found by session id), not plumbing the stateless handler replaces. It stays while the endpoint does and goes with it once no 2025-era client needs it.`;
}

/**
 * The name of the function (empty: top-level code) whose loop iterates the registry `ref` names, reading its entries:
 * `for (const x of ref)`, `for (const x of ref.values())` (or `.entries()`), `ref.forEach(…)`,
 * `Object.values(ref)` in a `for…of`. Undefined for any other use.
 */
function iteratingFunction(ref: ts.Node): string | undefined {
  let iterable: ts.Node = ref;
  const parent = ref.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === ref && ts.isCallExpression(parent.parent) && parent.parent.expression === parent) {
    const method = parent.name.text;
    if (method === 'forEach') return nameOf(parent.parent);
    if (method !== 'values' && method !== 'entries') return undefined;
    iterable = parent.parent;
  } else if (ts.isCallExpression(parent) && parent.arguments[0] === ref && ts.isPropertyAccessExpression(parent.expression) && ts.isIdentifier(parent.expression.expression) && parent.expression.expression.text === 'Object' && parent.expression.name.text === 'values') {
    iterable = parent;
  }
  const loop = iterable.parent;
  return loop && ts.isForOfStatement(loop) && loop.expression === iterable ? nameOf(loop) : undefined;
}

function nameOf(node: ts.Node): string {
  const fn = enclosingFunction(node);
  return (fn && functionName(fn)?.text) ?? '';
}

/**
 * A registry kept in a field of a helper class whose method makes the kept endpoint's transports (`this.transports[id] =
 * transport` in `SseManager.createTransport`, read back by its `getTransport`, sweep 36 AJ2): the endpoint's, when every
 * use of the field is in that class.
 */
function classRegistryAdvice(analysis: Analysis, store: SessionStore, decl: ts.PropertyDeclaration, sf: ts.SourceFile): string | undefined {
  const cls = decl.parent;
  if (!ts.isClassLike(cls) || !ts.isIdentifier(decl.name)) return undefined;
  const endpoint = legacySseEndpoint(analysis, sf);
  const part = endpoint?.parts.find((p) => p.parent === cls && ts.isMethodDeclaration(p));
  if (!endpoint || !part) return undefined;
  // Every use in the class: the store's keyed accesses (in any file), and any read of the field in this one.
  const inClass = (node: ts.Node): boolean => node.getSourceFile() === sf && isInside(node, cls);
  if (!store.accesses.every((a) => inClass(a.node))) return undefined;
  const field = decl.name.text;
  let outside = false;
  forEachDescendant(sf, (node) => {
    if (!outside && ts.isPropertyAccessExpression(node) && node.name.text === field && !inClass(node) && analysis.values.symbolOf(node.name)?.valueDeclaration === decl) outside = true;
  });
  if (outside) return undefined;
  const owner = `${cls.name?.text ?? 'the class'}.${functionName(part as ts.MethodDeclaration)?.text ?? 'its method'}`;
  return `the session registry of the HTTP+SSE endpoint whose transports \`${owner}()\` makes, kept for 2025-era clients (its marker says what removes it): it is that endpoint's (its SSE streams are found by session id), not plumbing the stateless handler replaces. It stays while the endpoint does; when the endpoint goes, it goes with it, with the methods that fill and read it.`;
}
