/**
 * The order every format lists things in, so outputs are deterministic
 * whatever order the analysis produced them in.
 */
import { compareFindings, type FileDiagnostic, type Finding } from '../model.js';

/** By file, line, column, then kind (mirrors `compareFindings`). */
export function compareDiagnostics(a: FileDiagnostic, b: FileDiagnostic): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0)
  );
}

export function sortedFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(compareFindings);
}

export function sortedDiagnostics(diagnostics: readonly FileDiagnostic[]): FileDiagnostic[] {
  return [...diagnostics].sort(compareDiagnostics);
}
