/** Runs the command line in-process through `main(argv, io)` and collects what it printed. */
import path from 'node:path';
import { main, type Io } from '../../src/cli.js';

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: string[], options: { cwd?: string; isTTY?: boolean; env?: NodeJS.ProcessEnv; columns?: number } = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
    cwd: options.cwd ?? FIXTURES,
    columns: options.columns,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}
