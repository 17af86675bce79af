/**
 * `mcp-migrate verify`: prove at runtime that a server's handles work — for its owner only, across
 * instances and client eras, for a whole conversation — by driving it with real SDK clients and injecting
 * the faults a model or an attacker could produce. Exit 0 every check passed, 1 a fault found, 2 could not run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { parseDuration } from '../transforms/kit/duration.js';
import type { Scenario } from '../verify/driver.js';
import type { ListenerCheck } from '../verify/processes.js';
import { render, renderText, type VerifyFormat } from '../verify/report.js';
import { exitCodeOf } from '../verify/result.js';
import { verify } from '../verify/run.js';
import { writeOutput } from './scan.js';
import { EXIT, addOptions, collect, globalOptions, parsePositiveInt, type CommandContext, type GlobalFlags } from './shared.js';

interface VerifyFlags extends GlobalFlags {
  url?: string;
  instances: number;
  redis?: boolean;
  path: string;
  depth: number;
  token?: string[];
  expectTtl?: string;
  scenario?: string;
  allowTools?: string[];
  format: VerifyFormat;
  output?: string;
  timeout: number;
  readyTimeout: number;
  listener: ListenerCheck;
}

function loadScenario(file: string, cwd: string): Scenario {
  const text = readFileSync(path.resolve(cwd, file), 'utf8');
  const parsed: unknown = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  if (!parsed || typeof parsed !== 'object') throw new Error(`${file}: expected an object with "args" and/or "tools"`);
  const { args, tools } = parsed as Scenario;
  if (args !== undefined && (typeof args !== 'object' || Array.isArray(args))) throw new Error(`${file}: "args" must map tool names to argument objects`);
  if (tools !== undefined && !Array.isArray(tools)) throw new Error(`${file}: "tools" must be a list of tool names`);
  return { args, tools };
}

export function registerVerifyCommand(program: Command, { io, setExit }: CommandContext): void {
  const command = program
    .command('verify')
    .description('Prove a running server\'s handles: discover the handle families, drive them to --depth turns with 2026-07-28 and 2025-era clients behind round-robin, inject faults (unknown, changed, neighbour\'s, other caller\'s, expired, missing, malformed handles; reused idempotency keys). Exit 0 all passed, 1 a fault found, 2 could not run.')
    .argument('[command...]', 'after --: the command that starts the server (it must listen on $PORT)')
    .addOption(new Option('--url <url>', 'verify a server that is already running at this MCP endpoint'))
    .addOption(new Option('--instances <n>', 'copies of the command to start, behind a round-robin proxy').argParser(parsePositiveInt).default(2))
    .addOption(new Option('--redis', 'start a private redis-server for the copies (REDIS_URL)'))
    .addOption(new Option('--path <path>', 'the MCP endpoint path of the started server').default('/mcp'))
    .addOption(new Option('--depth <n>', 'turns of the workflow per handle family').argParser(parsePositiveInt).default(30))
    .addOption(new Option('--token <token>', 'a bearer token of a caller (repeatable: the first owns the handles, the second tries to use them; with one, the other caller is anonymous)').argParser(collect))
    .addOption(new Option('--expect-ttl <duration>', 'the handle lifetime the server was started with (e.g. 1s, 500ms): check that an idle handle is refused after it'))
    .addOption(new Option('--scenario <file>', 'JSON or YAML: {"args": {"<tool>": {…}}, "tools": ["<tool outside the families to call>"]}'))
    .addOption(new Option('--allow-tools <names>', 'comma-separated tools outside the handle families the workflow may call (calls have side effects)').argParser((v: string, prev: string[] = []) => [...prev, ...v.split(',').map((s) => s.trim()).filter(Boolean)]))
    .addOption(new Option('-f, --format <format>', 'report format').choices(['text', 'json', 'markdown']).default('text'))
    .addOption(new Option('-o, --output <file>', 'write the report (in --format) to a file; the terminal still shows the text report'))
    .addOption(new Option('--timeout <ms>', 'per-call timeout').argParser(parsePositiveInt).default(15_000))
    .addOption(new Option('--ready-timeout <ms>', 'how long a started server may take to listen').argParser(parsePositiveInt).default(30_000))
    .addOption(new Option('--listener <who>', "whose listener counts as a started copy's: own (the command or its children) or any (while the command runs: docker run -p and the like)").choices(['own', 'any']).default('own'));
  addOptions(command, globalOptions());
  command
    .addHelpText(
      'after',
      `
Examples:
  $ mcp-migrate verify --url http://127.0.0.1:3000/mcp
  $ mcp-migrate verify --instances 2 --redis -- npx tsx src/index.ts
  $ mcp-migrate verify --token alice-token --token bob-token --scenario verify.json -f markdown -o VERIFY.md -- node dist/index.js`,
    )
    .action(async (commandWords: string[], _flags: unknown, self: Command) => {
      const flags = self.optsWithGlobals<VerifyFlags>();
      setExit(await runVerifyCommand(commandWords, flags));
    });

  async function runVerifyCommand(commandWords: string[], flags: VerifyFlags): Promise<number> {
    const usage = (message: string) => {
      io.stderr(`mcp-migrate verify: ${message}\n`);
      return EXIT.error;
    };
    if (!flags.url === (commandWords.length === 0)) return usage('give exactly one server: --url <url>, or -- <command…> to start it');
    const expectTtlMs = flags.expectTtl === undefined ? undefined : parseDuration(flags.expectTtl);
    if (flags.expectTtl !== undefined && expectTtlMs === undefined) return usage(`--expect-ttl ${flags.expectTtl}: expected a duration such as 1s, 500ms or 2m`);
    let scenario: Scenario = {};
    try {
      if (flags.scenario) scenario = loadScenario(flags.scenario, io.cwd);
    } catch (error) {
      return usage(`--scenario: ${(error as Error).message}`);
    }
    const result = await verify({
      target: { url: flags.url, command: commandWords, instances: flags.instances, redis: Boolean(flags.redis), path: flags.path, readyTimeoutMs: flags.readyTimeout, listener: flags.listener, cwd: io.cwd },
      depth: flags.depth,
      tokens: flags.token ?? [],
      expectTtlMs,
      scenario,
      allowTools: flags.allowTools ?? [],
      timeoutMs: flags.timeout,
      progress: flags.quiet ? undefined : (line) => io.stderr(`${line}\n`),
    });
    if (flags.output) {
      if (!writeOutput(io, flags.output, render(result, flags.format))) return EXIT.error;
      if (!flags.quiet && flags.output !== '-') io.stdout(renderText(result));
    } else if (!flags.quiet) {
      io.stdout(render(result, flags.format));
    }
    return exitCodeOf(result);
  }
}
