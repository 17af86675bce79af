/**
 * The factories a serving plan extracts in the servers' own modules (imported-server.ts), with the edits that wrote
 * them, kept apart from the route's module: a route rewrite refused later drops them with its own edits
 * (`ServingFile.attempt` marks and restores). Generic over the file type so that the serving file can hold one.
 */
import type { ts } from '../../typescript.js';
import type { TextEdit } from '../kit/edits.js';

/** The factories extracted in the servers' own modules during one serving plan, with the edits that wrote them. */
export class ModuleFactories<File> {
  /** Edits in the servers' modules, in the order they were made; an attempt that fails truncates them. */
  readonly edits: TextEdit[] = [];
  private readonly extracted = new Map<ts.VariableDeclaration, { name: string; async: boolean; first: TextEdit }>();

  constructor(readonly files: ReadonlyMap<ts.SourceFile, File>) {}

  /** How far the edits went: what `restore` goes back to. */
  mark(): number {
    return this.edits.length;
  }

  restore(mark: number): void {
    this.edits.length = mark;
  }

  /** The factory already extracted for `decl`, while its edits stand (a second route of the same module reuses it). */
  known(decl: ts.VariableDeclaration): { name: string; async: boolean } | undefined {
    const found = this.extracted.get(decl);
    return found && this.edits.includes(found.first) ? found : undefined;
  }

  remember(decl: ts.VariableDeclaration, factory: { name: string; async: boolean }, first: TextEdit): void {
    this.extracted.set(decl, { ...factory, first });
  }
}
