/**
 * `verify`: start (or reach) the server, check it serves without a session, infer its handle families,
 * drive each to the requested depth and inject the faults, then count what the handles cost in tokens.
 */
import { VERSION } from '../version.js';
import { Callers, type Era, type Principal, type ToolDescription } from './clients.js';
import { Driver, visibleText, type Scenario } from './driver.js';
import { inferFamilies, type HandleFamily } from './families.js';
import { handleIn } from './handle-shape.js';
import { runFaults } from './faults.js';
import { properties } from './schema-values.js';
import { describeOutcome } from './judge.js';
import { summarize, type Check, type FamilyResult, type TokenCost, type VerifyResult } from './result.js';
import { startTarget, type Target, type TargetOptions } from './target.js';
import { countTokens, occurrences, TOKENIZER_NAME } from './tokens.js';
import { runWorkflow } from './workflow.js';

export interface VerifyOptions {
  target: TargetOptions;
  depth: number;
  /** Bearer tokens: the first is the owner, the second (or anonymous, with one) the other caller. */
  tokens: string[];
  expectTtlMs: number | undefined;
  scenario: Scenario;
  allowTools: string[];
  timeoutMs: number;
  /** Progress lines (stderr). */
  progress?: (line: string) => void;
}

function principalsOf(tokens: string[]): { owner: Principal; other: Principal | undefined } {
  if (tokens.length === 0) return { owner: { name: 'anonymous', token: undefined }, other: undefined };
  return { owner: { name: 'A', token: tokens[0] }, other: tokens.length > 1 ? { name: 'B', token: tokens[1] } : { name: 'anonymous', token: undefined } };
}

export async function verify(options: VerifyOptions): Promise<VerifyResult> {
  const { owner, other } = principalsOf(options.tokens);
  const base = {
    schemaVersion: 1 as const,
    tool: { name: 'mcp-migrate' as const, version: VERSION },
    command: 'verify' as const,
    target: {
      url: options.target.url ?? '',
      instances: options.target.url ? undefined : options.target.instances,
      redis: options.target.redis,
      principals: [owner, ...(other ? [other] : [])].map((p) => p.name),
      depth: options.depth,
    },
    checks: [] as Check[],
    families: [] as FamilyResult[],
    notes: [] as string[],
  };
  let target: Target;
  try {
    target = await startTarget(options.target);
  } catch (error) {
    return finish({ ...base, error: `could not start the server: ${(error as Error).message}` });
  }
  base.target.url = target.url;
  const callers = new Callers(target.url, options.timeoutMs);
  try {
    return finish(await verifyTarget(base, target, callers, options, owner, other));
  } catch (error) {
    return finish({ ...base, error: `${(error as Error).stack ?? error}\n${target.output()}` });
  } finally {
    await callers.close();
    await target.stop();
  }
}

function finish(result: Omit<VerifyResult, 'summary'>): VerifyResult {
  return { ...result, summary: summarize(result) };
}

type Unfinished = Omit<VerifyResult, 'summary'>;

async function verifyTarget(base: Unfinished, target: Target, callers: Callers, options: VerifyOptions, owner: Principal, other: Principal | undefined): Promise<Unfinished> {
  const say = options.progress ?? (() => {});
  say(`verify: ${target.url}${target.instances ? ` (${target.instances} instance${target.instances > 1 ? 's' : ''} behind round-robin${target.redisUrl ? `, redis at ${target.redisUrl}` : ''})` : ''}`);
  const session = await sessionCheck(callers, owner);
  base.checks.push(session.check);
  if (!session.tools) {
    return session.check.status === 'fail' && session.check.fault === 'session-required' ? base : { ...base, error: `could not list the tools: ${session.check.detail}\n${target.output()}` };
  }
  const tools = session.tools;
  const { families, orphans } = inferFamilies(tools);
  for (const orphan of orphans) base.notes.push(`${orphan.argument} is required by ${orphan.users.join(', ')}, but no tool looks like the one that mints it`);
  if (families.length === 0) {
    return { ...base, error: `no handle families: no tool requires a string argument named <noun>_id (tools: ${tools.map((t) => t.name).join(', ') || 'none'})` };
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  const extraNames = [...new Set([...(options.scenario.tools ?? []), ...options.allowTools])];
  for (const name of extraNames) if (!byName.has(name)) base.notes.push(`--allow-tools/--scenario name ${name}, which the server does not list`);
  const familyTools = new Set(families.flatMap((f) => [f.mintTool.name, ...f.users.map((u) => u.name)]));
  const extraTools = extraNames.map((n) => byName.get(n)).filter((t): t is ToolDescription => t !== undefined && !familyTools.has(t.name));
  const notDriven = tools.filter((t) => !familyTools.has(t.name) && !extraTools.includes(t)).map((t) => t.name);
  if (notDriven.length) base.notes.push(`not called (outside the handle families; name them in --scenario or --allow-tools): ${notDriven.join(', ')}`);

  const driver = new Driver(callers, target.served, options.scenario, new Set(families.map((f) => f.argument)));
  const eras: Era[] = session.modern ? ['modern', 'legacy'] : ['legacy'];
  const ownHandles = new Map<string, string>();
  for (const family of families) {
    say(`verify: ${family.noun} (${family.argument}, minted by ${family.mintTool.name}; used by ${family.users.map((u) => u.name).join(', ')})`);
    const otherHandles = await handlesOfOtherFamilies(driver, families, family, owner, ownHandles);
    const firstCall = driver.calls.length;
    const workflow = await runWorkflow({ driver, family, principal: owner, eras, depth: options.depth, extraTools, otherHandles });
    const workflowCalls = driver.calls.slice(firstCall);
    const faults = workflow.handles.length
      ? await runFaults({ driver, family, owner, other, earlier: workflow.handles, otherHandles, expectTtlMs: options.expectTtlMs, eras: { first: eras[0]!, second: eras[eras.length - 1]! } })
      : { checks: [], shape: undefined };
    base.families.push({
      noun: family.noun,
      argument: family.argument,
      mintTool: family.mintTool.name,
      tools: family.users.map((u) => u.name),
      idempotencyKey: family.idempotencyKey,
      statedLifetime: family.statedLifetime?.text,
      sampleHandle: workflow.handles[0],
      estimatedBits: faults.shape?.estimatedBits,
      checks: [workflow.check, ...faults.checks],
      tokens: workflow.handles.length ? await tokenCost(family, workflow.handles, workflowCalls.map(visibleText), workflowCalls.map((c) => JSON.stringify(c.args)), options.depth) : undefined,
    });
  }
  return base;
}

/** A tool that needs handles of two families gets, for the other family, one handle minted once. */
async function handlesOfOtherFamilies(driver: Driver, families: HandleFamily[], family: HandleFamily, owner: Principal, minted: Map<string, string>): Promise<Record<string, string>> {
  const needed = new Set(family.users.flatMap((u) => Object.keys(properties(u.inputSchema))));
  const handles: Record<string, string> = {};
  for (const otherFamily of families) {
    if (otherFamily === family || !needed.has(otherFamily.argument)) continue;
    if (!minted.has(otherFamily.argument)) {
      const call = await driver.call(owner, 'modern', otherFamily.mintTool.name, driver.mintArguments(otherFamily));
      const handle = call.outcome.kind === 'result' ? handleIn(call.outcome.result, otherFamily.argument) : undefined;
      if (handle) minted.set(otherFamily.argument, handle);
    }
    const handle = minted.get(otherFamily.argument);
    if (handle) handles[otherFamily.argument] = handle;
  }
  return handles;
}

/**
 * A 2026-07-28 client has no session to offer: listing the tools with one proves the server does not
 * need one. When it cannot, the 2025-era client (a fresh connection per call) is tried, so the other
 * checks can still run and name more faults.
 */
async function sessionCheck(callers: Callers, owner: Principal): Promise<{ check: Check; tools?: ToolDescription[]; modern: boolean }> {
  const id = 'no-session';
  const title = 'served without a session (2026-07-28 client, no handshake)';
  let modernError: string;
  try {
    const tools = await callers.listTools(owner, 'modern');
    return { check: { id, title, status: 'pass', detail: `tools/list answered ${tools.length} tools to a 2026-07-28 client` }, tools, modern: true };
  } catch (error) {
    modernError = (error as Error).message;
  }
  try {
    const tools = await callers.listTools(owner, 'legacy');
    return { check: { id, title, status: 'fail', fault: 'session-required', detail: `a 2026-07-28 client could not connect (${oneLine(modernError)}); a 2025-era client with a handshake could` }, tools, modern: false };
  } catch (error) {
    const legacyError = (error as Error).message;
    const sessionNamed = /session/i.test(`${modernError} ${legacyError}`);
    return {
      check: {
        id,
        title,
        status: 'fail',
        fault: sessionNamed ? 'session-required' : 'server-error',
        detail: `a 2026-07-28 client could not connect (${oneLine(modernError)}); nor a 2025-era client on a fresh connection (${oneLine(legacyError)})`,
      },
      modern: false,
    };
  }
}

function oneLine(text: string): string {
  return describeOutcome({ kind: 'failed', message: text }, 200).replace(/^no answer: /, '');
}

async function tokenCost(family: HandleFamily, handles: string[], results: string[], args: string[], depth: number): Promise<TokenCost> {
  const handle = handles[0]!;
  const handleTokens = await countTokens(handle);
  const perCall = await countTokens(`"${family.argument}":"${handle}"`);
  const schemaTokens = (
    await Promise.all(family.users.map((u) => countTokens(`"${family.argument}":${JSON.stringify(properties(u.inputSchema)[family.argument] ?? {})}`)))
  ).reduce((a, b) => a + b, 0);
  let inConversation = 0;
  for (const h of handles) {
    const tokens = await countTokens(h);
    for (const text of [...results, ...args]) inConversation += occurrences(text, h) * tokens;
  }
  return { tokenizer: TOKENIZER_NAME, handleTokens, perCall, schemaTokens, inConversation, depth };
}
