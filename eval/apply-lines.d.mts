// Types of eval/apply-lines.mjs for test/eval/apply-lines.test.ts (the evaluation itself is plain Node).
export interface Hunk { a: number; b: number; c: number; d: number }
export interface FileDiff { deleted: boolean; hunks: Hunk[]; markers: { line: number; rule: string }[] }
export interface Finding { ruleId: string; category: string; line: number; abs: string; file: string; replaces?: { ruleId: string; line: number }[] }
export interface TypeErrors { list: { file: string; line: number; code: string; message: string }[] }
export const MARKER: RegExp;
export function newTypeErrors(before: TypeErrors | undefined, after: TypeErrors | undefined): string[];
export function parseDiff(diffText: string, repoRoot: string): Map<string, FileDiff>;
export function mapLine(fileDiff: FileDiff | undefined, oldLine: number): [number, number];
export function anchoredLine(text: { before: string; after: string } | undefined, line: number): number | undefined;
export function classifyFindings(
  before: Finding[],
  after: Finding[],
  diff: Map<string, FileDiff>,
  texts?: Map<string, { before: string; after: string }>,
): {
  verdicts: (Finding & { verdict: 'rewritten' | 'marked' | 'left'; mapped?: [number, number]; marker?: string })[];
  introduced: Finding[];
};
export function blankComments(text: string): string;
export interface Pattern { file: string; contains?: string; lacks?: string; marker?: string; near?: string; within?: number }
export interface Change { id: string; file: string; what: string; serving?: boolean; required?: boolean; made?: Pattern[]; wrong?: Pattern[]; marked?: Pattern[] }
export function judgeChanges(
  changes: Change[],
  tree: { code(file: string): string | undefined; markers(file: string): { line: number; rule: string }[] },
): { id: string; file: string; serving: boolean; required: boolean; what: string; verdict: 'made' | 'wrong' | 'marked' | 'missed' }[];
/** The packages an install log says the registry did not have (404 on a tarball or its metadata, no matching version). */
export function notFoundPackages(log: string): string[];
