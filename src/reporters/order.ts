/**
 * The order every format lists things in, so outputs are deterministic
 * whatever order the analysis produced them in.
 */
import { compareDiagnostics, compareFindings, type FileDiagnostic, type Finding } from '../model.js';

export function sortedFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(compareFindings);
}

export function sortedDiagnostics(diagnostics: readonly FileDiagnostic[]): FileDiagnostic[] {
  return [...diagnostics].sort(compareDiagnostics);
}
