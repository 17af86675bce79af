/**
 * Symbol lookups through the type checker, cached: rules, the session flow, the call graph and the indexes
 * ask about the same identifiers many times over. An import or `require` binding resolves to what it imports
 * when the program declares that; a lookup the checker cannot answer is no symbol.
 */
import { ts } from '../typescript.js';

export class SymbolLookup {
  private readonly symbols = new Map<ts.Node, ts.Symbol | null>();

  constructor(readonly checker: ts.TypeChecker) {}

  symbolOf(node: ts.Node): ts.Symbol | undefined {
    const cached = this.symbols.get(node);
    if (cached !== undefined) return cached ?? undefined;
    const symbol = this.lookupSymbol(node);
    this.symbols.set(node, symbol ?? null);
    return symbol;
  }

  private lookupSymbol(node: ts.Node): ts.Symbol | undefined {
    let symbol: ts.Symbol | undefined;
    try {
      // `{ sessionId }` in an object literal names the variable, not the new property.
      symbol = node.parent && ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node
        ? this.checker.getShorthandAssignmentValueSymbol(node.parent)
        : this.checker.getSymbolAtLocation(node);
    } catch {
      return undefined;
    }
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
      try {
        const aliased = this.checker.getAliasedSymbol(symbol);
        if (aliased && aliased.declarations?.length) return aliased;
      } catch {
        /* unresolved alias: keep the local symbol */
      }
    }
    return symbol;
  }
}
