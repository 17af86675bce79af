/**
 * Which tools reach a piece of code: every path from a tool handler, through every caller of
 * every helper on the way (not the first caller found), to the node. The handles transform
 * adds the handle argument to exactly these tools; `session-state/keyed-store` names them.
 */
import { ts } from '../typescript.js';
import { enclosingFunction } from './ast.js';
import type { SessionFlow, SessionStore, Sink } from './session-flow.js';
import { unnamedToolRegistration, type ToolRegistration } from './tools.js';
import type { ValueAnalysis } from './values.js';
import type { Hop } from './value.js';

/** One way a tool reaches a node: the helper calls from the handler inwards (empty when the node is in the handler). */
export interface ToolPath {
  tool: ToolRegistration;
  calls: readonly ts.CallExpression[];
}

interface StoreAccess {
  sink: Sink;
  /** Every tool that reaches this access, with its call path. */
  paths: ToolPath[];
}

/** A session-keyed store with every access and every tool that reaches each access. */
export interface StoreModel {
  store: SessionStore;
  accesses: StoreAccess[];
  /** The tools that reach any access, in registration order. */
  tools: ToolRegistration[];
  /**
   * Registrations of tools whose names the code does not write (`server.tool(tool.name, …)` in a loop over a table)
   * whose handlers reach an access: tools do reach the store, though none can be named (sweep 22 V5).
   */
  unnamedTools: ts.CallExpression[];
}

/** How deep helper chains are followed; real servers stay well below it. */
const MAX_DEPTH = 8;

export class ToolReach {
  private handlers: Map<ts.FunctionLikeDeclaration, ToolRegistration[]> | undefined;
  private readonly cache = new Map<ts.Node, ToolPath[]>();
  private readonly everyCallCache = new Map<ts.Node, ToolPath[]>();

  /** `tools`: the registrations, collected when first asked for (most of apply's analyses never are). */
  constructor(
    private readonly values: ValueAnalysis,
    private readonly registrations: () => readonly ToolRegistration[],
  ) {}

  get tools(): readonly ToolRegistration[] {
    return this.registrations();
  }

  private get byHandler(): Map<ts.FunctionLikeDeclaration, ToolRegistration[]> {
    if (!this.handlers) {
      this.handlers = new Map();
      for (const tool of this.tools) {
        if (!tool.handler) continue;
        const list = this.handlers.get(tool.handler) ?? [];
        list.push(tool);
        this.handlers.set(tool.handler, list);
      }
    }
    return this.handlers;
  }

  /** The tools whose handlers reach `node`, through any chain of helper calls. */
  toolsReaching(node: ts.Node): ToolPath[] {
    return this.reaching(node, 0, new Set(), false);
  }

  /**
   * The same through calls without arguments too (`context.currentTab()`): who runs the code, for a question about
   * state rather than about a value handed down (`analysis/tool-set-globals.ts`). Kept apart so that the stores' and
   * the handles' tool lists, which follow values, stay as they are.
   */
  toolsRunning(node: ts.Node): ToolPath[] {
    return this.reaching(node, 0, new Set(), true);
  }

  private reaching(node: ts.Node, depth: number, active: Set<ts.Node>, everyCall: boolean): ToolPath[] {
    const cache = everyCall ? this.everyCallCache : this.cache;
    const cached = cache.get(node);
    if (cached) return cached;
    if (depth > MAX_DEPTH) return [];
    let fn = enclosingFunction(node);
    const out: ToolPath[] = [];
    while (fn) {
      const registered = this.byHandler.get(fn);
      if (registered) {
        // A low-level `tools/call` handler: the tool whose branch holds the node; code shared by
        // all branches (a key computed before the switch) reaches all of them.
        const inBranch = registered.filter((t) => t.branch && contains(t.branch, node));
        for (const tool of inBranch.length ? inBranch : registered) out.push({ tool, calls: [] });
        break;
      }
      const calls = everyCall ? this.values.calls.everyCallOf(fn) : this.values.calls.callsOf(fn);
      if (calls.length > 0 && !active.has(fn)) {
        active.add(fn);
        for (const call of calls) {
          for (const path of this.reaching(call, depth + 1, active, everyCall)) out.push({ tool: path.tool, calls: [...path.calls, call] });
        }
        active.delete(fn);
        break;
      }
      // An inline callback (`items.map((x) => carts.get(x))`): its enclosing function is what tools reach.
      fn = enclosingFunction(fn);
    }
    if (depth === 0) cache.set(node, out);
    return out;
  }

  /** `unnamedToolRegistration`s whose handlers reach `node`, through helper calls as `toolsReaching` follows them. */
  unnamedToolsReaching(node: ts.Node): ts.CallExpression[] {
    const out = new Set<ts.CallExpression>();
    const seen = new Set<ts.Node>();
    const visit = (at: ts.Node, depth: number): void => {
      if (depth > MAX_DEPTH) return;
      for (let fn = enclosingFunction(at); fn; fn = enclosingFunction(fn)) {
        if (seen.has(fn)) return;
        seen.add(fn);
        if (this.byHandler.has(fn)) return;
        const registration = unnamedToolRegistration(this.values, fn);
        if (registration) {
          out.add(registration);
          return;
        }
        const calls = this.values.calls.callsOf(fn);
        if (calls.length > 0) {
          for (const call of calls) visit(call, depth + 1);
          return;
        }
      }
    };
    visit(node, 0);
    return [...out];
  }

  storeModels(sessions: SessionFlow): StoreModel[] {
    const models: StoreModel[] = [];
    for (const store of sessions.stores.values()) {
      const accesses = store.accesses.map((sink) => ({ sink, paths: this.toolsReaching(sink.node) }));
      const tools: ToolRegistration[] = [];
      for (const access of accesses) for (const path of access.paths) if (!tools.includes(path.tool)) tools.push(path.tool);
      tools.sort((a, b) => this.tools.indexOf(a) - this.tools.indexOf(b));
      const unnamedTools = [...new Set(store.accesses.flatMap((sink) => this.unnamedToolsReaching(sink.node)))];
      models.push({ store, accesses, tools, unnamedTools });
    }
    return models;
  }
}

function contains(outer: ts.Node, inner: ts.Node): boolean {
  return inner.getSourceFile() === outer.getSourceFile() && inner.pos >= outer.pos && inner.end <= outer.end;
}

/** Structured hops for a path (rendered as text only by reporters). */
export function pathHops(path: ToolPath): Hop[] {
  return [
    { text: `tool '${path.tool.name}'`, node: path.tool.nameNode },
    ...path.calls.map((call) => ({ text: `${call.expression.getText()}(…)`, node: call })),
  ];
}
