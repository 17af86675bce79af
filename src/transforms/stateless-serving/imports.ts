/**
 * Import bookkeeping for the serving transform: names the rewrite now uses are imported (into an
 * existing import of the same module when there is one), and imports whose every use was inside
 * replaced code are dropped. Imports that were already unused are left alone.
 */
import { ts } from '../../typescript.js';
import { isRequireCall, unwrap } from '../../analysis/ast.js';
import type { TextEdit } from '../kit/edits.js';
import { importAnchor, type ModuleFlavour } from '../kit/source-style.js';
import { referencesByName, removalRange, within } from './text.js';

interface Range {
  start: number;
  end: number;
}

interface Binding {
  /** `import { a as b }` → imported a, local b; default import: imported 'default'. */
  imported: string;
  local: string;
  typeOnly: boolean;
}

export interface ImportSite {
  statement: ts.Statement;
  module: string;
  quote: string;
  kind: 'esm' | 'cjs';
  typeOnly: boolean;
  defaultName?: string;
  namespace?: string;
  named: Binding[];
}

export class ImportEdits {
  private readonly wanted = new Map<string, Set<string>>();

  constructor(
    private readonly sf: ts.SourceFile,
    private readonly flavour: ModuleFlavour,
  ) {}

  /** What has been asked for so far: `restore` goes back to it (a refused rewrite asks for nothing). */
  mark(): Map<string, Set<string>> {
    return new Map([...this.wanted].map(([m, names]) => [m, new Set(names)]));
  }

  restore(mark: ReadonlyMap<string, ReadonlySet<string>>): void {
    this.wanted.clear();
    for (const [m, names] of mark) this.wanted.set(m, new Set(names));
  }

  add(module: string, name: string): void {
    const names = this.wanted.get(module) ?? new Set<string>();
    names.add(name);
    this.wanted.set(module, names);
  }

  /** Whether the file already binds `name` at the top level (an import or a declaration). */
  binds(name: string): boolean {
    return this.sites().some((s) => s.defaultName === name || s.namespace === name || s.named.some((b) => b.local === name));
  }

  /** The edits, given the ranges of the original text that other edits replaced or removed. */
  edits(replaced: readonly Range[], generated: readonly string[]): TextEdit[] {
    const out: TextEdit[] = [];
    const sites = this.sites();
    // Names the generated code uses stay imported (the factory moves from the route into createMcpHandler(…)).
    const used = new Set(generated.flatMap((text) => text.match(/[A-Za-z_$][\w$]*/g) ?? []));
    const gone = (local: string): boolean => {
      if (used.has(local)) return false;
      const refs = referencesByName(this.sf, local).filter((r) => !sites.some((s) => within(r, { start: s.statement.pos, end: s.statement.end })));
      return refs.length > 0 && refs.every((r) => replaced.some((range) => r.getStart(this.sf) >= range.start && r.end <= range.end));
    };
    const pending = new Map([...this.wanted].map(([m, names]) => [m, new Set([...names].filter((n) => !this.binds(n)))]));
    for (const site of sites) {
      const keepDefault = site.defaultName && !gone(site.defaultName) ? site.defaultName : undefined;
      const keepNamespace = site.namespace && !gone(site.namespace) ? site.namespace : undefined;
      const named = site.named.filter((b) => !gone(b.local));
      const extra = site.typeOnly || site.namespace ? [] : [...(pending.get(site.module) ?? [])];
      if (extra.length) pending.delete(site.module);
      const changed = keepDefault !== site.defaultName || keepNamespace !== site.namespace || named.length !== site.named.length || extra.length > 0;
      if (!changed) continue;
      if (!keepDefault && !keepNamespace && named.length === 0 && extra.length === 0) {
        const range = removalRange(this.sf, site.statement, false);
        out.push({ file: this.sf.fileName, ...range, text: '' });
        continue;
      }
      const bindings = [...named, ...extra.map((n) => ({ imported: n, local: n, typeOnly: false }))];
      out.push({ file: this.sf.fileName, start: site.statement.getStart(this.sf), end: site.statement.end, text: this.render(site, keepDefault, keepNamespace, bindings) });
    }
    const fresh = [...pending].filter(([, names]) => names.size > 0);
    if (fresh.length) {
      const at = importAnchor(this.sf, fresh[0]![0]);
      const text = fresh.map(([module, names]) => this.statement(module, [...names])).join('\n');
      // The last import itself is removed: the new ones take its place.
      const removed = out.find((e) => e.text === '' && e.start < at.offset && at.offset <= e.end);
      if (removed) out.push({ file: this.sf.fileName, start: removed.start, end: removed.start, text: `${text}\n` });
      else out.push({ file: this.sf.fileName, start: at.offset, end: at.offset, text: at.text(text) });
    }
    return out;
  }

  private quote(): string {
    return this.sites()[0]?.quote ?? "'";
  }

  private semicolon(): string {
    const first = this.sites()[0];
    return !first || first.statement.getText(this.sf).trimEnd().endsWith(';') ? ';' : '';
  }

  private statement(module: string, names: string[]): string {
    const q = this.quote();
    if (this.flavour === 'cjs') return `const { ${names.join(', ')} } = require(${q}${module}${q})${this.semicolon()}`;
    return `import { ${names.join(', ')} } from ${q}${module}${q}${this.semicolon()}`;
  }

  private render(site: ImportSite, defaultName: string | undefined, namespace: string | undefined, named: Binding[]): string {
    const q = site.quote;
    const spec = (b: Binding): string => (site.kind === 'cjs' ? (b.imported === b.local ? b.local : `${b.imported}: ${b.local}`) : `${b.typeOnly ? 'type ' : ''}${b.imported === b.local ? b.local : `${b.imported} as ${b.local}`}`);
    const semi = site.statement.getText(this.sf).trimEnd().endsWith(';') ? ';' : '';
    if (site.kind === 'cjs') {
      const keyword = (site.statement as ts.VariableStatement).declarationList.getText(this.sf).split(/\s/)[0];
      return `${keyword} { ${named.map(spec).join(', ')} } = require(${q}${site.module}${q})${semi}`;
    }
    const parts: string[] = [];
    if (defaultName) parts.push(defaultName);
    if (namespace) parts.push(`* as ${namespace}`);
    if (named.length) parts.push(`{ ${named.map(spec).join(', ')} }`);
    return `import ${site.typeOnly ? 'type ' : ''}${parts.join(', ')} from ${q}${site.module}${q}${semi}`;
  }

  private cached: ImportSite[] | undefined;
  private sites(): ImportSite[] {
    return (this.cached ??= importSites(this.sf));
  }
}

/**
 * The file's top-level imports with bindings: ESM `import … from` (not `import 'x'`), and CommonJS
 * `const x = require('m')` / `const { a, b: c } = require('m')` (plain destructuring only).
 */
export function importSites(sf: ts.SourceFile): ImportSite[] {
  const out: ImportSite[] = [];
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.importClause) {
      const clause = statement.importClause;
      const bindings = clause.namedBindings;
      out.push({
        statement,
        module: statement.moduleSpecifier.text,
        quote: statement.moduleSpecifier.getText(sf)[0] ?? "'",
        kind: 'esm',
        typeOnly: clause.isTypeOnly,
        defaultName: clause.name?.text,
        namespace: bindings && ts.isNamespaceImport(bindings) ? bindings.name.text : undefined,
        named: bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => ({ imported: (e.propertyName ?? e.name).text, local: e.name.text, typeOnly: e.isTypeOnly })) : [],
      });
    }
    if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1) {
      const decl = statement.declarationList.declarations[0]!;
      const init = decl.initializer && unwrap(decl.initializer);
      if (!init || !isRequireCall(init) || !ts.isStringLiteralLike(init.arguments[0]!)) continue;
      const arg = init.arguments[0] as ts.StringLiteralLike;
      if (ts.isIdentifier(decl.name)) {
        // `const types = require('…')`: the whole module under one name (removed when only replaced code used it).
        out.push({ statement, module: arg.text, quote: arg.getText(sf)[0] ?? "'", kind: 'cjs', typeOnly: false, namespace: decl.name.text, named: [] });
        continue;
      }
      if (!ts.isObjectBindingPattern(decl.name)) continue;
      const named: Binding[] = [];
      let plain = true;
      for (const element of decl.name.elements) {
        if (!ts.isIdentifier(element.name) || element.dotDotDotToken || element.initializer) plain = false;
        else named.push({ imported: element.propertyName ? (element.propertyName as ts.Identifier).text : element.name.text, local: element.name.text, typeOnly: false });
      }
      if (plain) out.push({ statement, module: arg.text, quote: arg.getText(sf)[0] ?? "'", kind: 'cjs', typeOnly: false, named });
    }
  }
  return out;
}

