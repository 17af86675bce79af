/**
 * The faults injected into one handle family, each an ordinary call a model or an attacker could make.
 * Each becomes one check; a check fails with the fault it found named.
 */
import { textOf, type Era, type Principal } from './clients.js';
import { freshKey, type Driver } from './driver.js';
import type { HandleFamily } from './families.js';
import { predictedBetween, shapeOf, unknownLike, withOneCharacterChanged, type HandleShape } from './handle-shape.js';
import { check, describeOutcome, refusalProblem, servedAs, type RefusalRules } from './judge.js';
import type { Check, FaultId } from './result.js';
import { mint, probeTool } from './workflow.js';

/** Below this many bits a handle can be guessed; the handle pattern asks for 128. */
const GUESSABLE_BELOW_BITS = 64;
const RECOMMENDED_BITS = 128;
const OVERSIZED_LENGTH = 64 * 1024;

export interface FaultContext {
  driver: Driver;
  family: HandleFamily;
  owner: Principal;
  /** Another principal (a second token, or anonymous next to one token); undefined with one principal. */
  other: Principal | undefined;
  /** Handles the workflow already minted (for the shape estimate). */
  earlier: string[];
  otherHandles: Record<string, string>;
  expectTtlMs: number | undefined;
  /** The client eras the server answers: the 2026-07-28 client first, the 2025-era one second (one of them when it refuses the other). */
  eras: { first: Era; second: Era };
}

export interface FaultRun {
  checks: Check[];
  shape: HandleShape | undefined;
}

type Problem = { fault: FaultId; why: string; what: string };

export async function runFaults(ctx: FaultContext): Promise<FaultRun> {
  const { driver, family, owner, other } = ctx;
  const mintTool = family.mintTool.name;
  const probe = probeTool(family);
  const probeArgs = (handle: string | undefined) => {
    const args = driver.argumentsFor(probe, { ...ctx.otherHandles });
    if (handle === undefined) delete args[family.argument];
    else args[family.argument] = handle;
    return args;
  };
  const probeCall = (principal: Principal, handle: string | undefined, era: Era = ctx.eras.first) =>
    driver.call(principal, era, probe.name, probeArgs(handle));
  const refused = async (principal: Principal, handle: string | undefined, what: string, rules: Omit<RefusalRules, 'mintTool'>): Promise<Problem | undefined> => {
    const call = await probeCall(principal, handle);
    const problem = refusalProblem(call.outcome, { mintTool, ...rules });
    return problem && { ...problem, what: `${probe.name} ${what}` };
  };
  const checks: Check[] = [];

  const own = await mint(driver, family, owner, ctx.eras.first);
  if (!own.handle) {
    return { checks: [{ id: 'faults', title: 'faults injected', status: 'fail', detail: `${mintTool} returned no ${family.argument}: ${describeOutcome(own.call.outcome)}` }], shape: undefined };
  }
  const handle = own.handle;
  const baseline = await probeCall(owner, handle);
  const baselineText = baseline.outcome.kind === 'result' ? textOf(baseline.outcome.result) : undefined;

  // Neighbours: the owner mints, another caller mints right after, the owner mints again.
  const before = await mint(driver, family, owner, ctx.eras.first);
  const neighbour = await mint(driver, family, other ?? owner, ctx.eras.first);
  const after = await mint(driver, family, owner, ctx.eras.first);
  const minted = [...ctx.earlier, handle, before.handle, neighbour.handle, after.handle].filter((h): h is string => typeof h === 'string');
  const shape = shapeOf(minted);

  checks.push(
    check('unknown-handle', 'an unknown handle is refused, naming the minting tool', compact([await refused(owner, unknownLike(handle, shape), 'with a handle nobody minted', { accepted: 'unknown-handle-accepted' })]), `refused with a tool error naming ${mintTool}`),
  );

  const body = handle.length - shape.prefix.length;
  const changed = [handle.length - 1, shape.prefix.length + Math.floor(body / 2)].map((i) => withOneCharacterChanged(handle, i, shape.alphabet));
  const changedProblems: Problem[] = [];
  for (const variant of new Set(changed)) {
    const problem = await refused(owner, variant, `with ${variant} (one character of ${handle} changed)`, { accepted: 'changed-handle-accepted' });
    if (problem) changedProblems.push(problem);
  }
  checks.push(check('changed-character', 'a handle with one character changed is refused', changedProblems, `both variants refused, naming ${mintTool}`));

  checks.push(await guessability(shape, before.handle, neighbour.handle, after.handle, other));

  if (neighbour.handle && before.handle && after.handle) {
    const guesses = predictedBetween(before.handle, after.handle).slice(0, 5);
    const tried = other ? [neighbour.handle] : guesses;
    const problems: Problem[] = [];
    for (const guess of tried) {
      const problem = await refused(owner, guess, `by ${owner.name} with ${guess}, the handle ${other ? `${other.name} minted` : 'predicted'} between ${before.handle} and ${after.handle}`, { accepted: 'neighbour-handle-accepted' });
      if (problem) problems.push(problem);
    }
    const passDetail = other
      ? `${owner.name} could not use the handle ${other.name} minted between two of its own`
      : guesses.length === 0
        ? 'no neighbour handle can be derived from the caller\u2019s own (one principal: give --token to also try another caller\u2019s)'
        : `the ${guesses.length} predicted neighbours were refused`;
    checks.push(check('neighbour-handle', "a neighbour's handle (same family, minted just before or after) is refused", problems, passDetail));
  }

  if (other) {
    const problems: Problem[] = [];
    const read = await refused(other, handle, `by ${other.name} with ${owner.name}'s ${handle}`, { accepted: 'foreign-handle-accepted' });
    if (read) problems.push(read);
    // Every other tool of the family, by the other caller, on the owner's object: none may change it.
    for (const tool of family.users.filter((t) => t !== probe)) {
      const call = await driver.call(other, ctx.eras.first, tool.name, driver.argumentsFor(tool, { ...ctx.otherHandles, [family.argument]: handle }));
      const problem = refusalProblem(call.outcome, { mintTool, accepted: 'foreign-handle-accepted' });
      // A tool error about its other arguments (an unknown SKU) judges nothing about the handle.
      if (problem && servedAs(call.outcome, { mintTool, argument: family.argument, handle }) !== 'domain-error') {
        problems.push({ ...problem, what: `${tool.name} by ${other.name} with ${owner.name}'s ${handle}` });
      }
    }
    const again = await probeCall(owner, handle);
    const againText = again.outcome.kind === 'result' ? textOf(again.outcome.result) : undefined;
    if (baselineText !== undefined && againText !== baselineText) {
      problems.push({ fault: 'foreign-object-changed', what: `${probe.name} by ${owner.name} after ${other.name}'s calls`, why: `was "${oneLine(baselineText)}", now ${describeOutcome(again.outcome)}` });
    }
    checks.push(check('other-caller-handle', "another caller's handle is refused and its object unchanged", problems, `${other.name} was refused ${owner.name}'s ${family.noun} on every tool of the family, and it did not change`));
  } else {
    checks.push({ id: 'other-caller-handle', title: "another caller's handle is refused and its object unchanged", status: 'skip', detail: 'one principal: give --token A --token B (or one --token: the other caller is anonymous)' });
  }

  checks.push(await expiry(ctx, probeCall, mintTool));
  checks.push(...(await idempotency(ctx)));

  const missing = await probeCall(owner, undefined);
  const missingProblem = refusalProblem(missing.outcome, { mintTool, accepted: 'missing-handle-accepted', schemaMayRefuse: true });
  checks.push(
    check(
      'missing-handle',
      'a call without the handle is refused',
      // Without a handle the server need not know which family is meant: any refusal will do.
      missingProblem && missingProblem.fault !== 'refusal-unnamed' ? [{ ...missingProblem, what: `${probe.name} without ${family.argument}` }] : [],
      `refused: ${describeOutcome(missing.outcome, 100)}`,
    ),
  );

  const oversized = `${shape.prefix}${'A'.repeat(OVERSIZED_LENGTH)}`;
  const malformed = ['', ' ', '../../../etc/passwd', "' OR '1'='1", '*', `${shape.prefix}*`, '{"$ne":null}', 'null', '\u0000', `${handle}\n${handle}`];
  const oversizedProblems = compact([await refused(owner, oversized, `with a ${OVERSIZED_LENGTH}-character handle`, { accepted: 'malformed-handle-accepted', schemaMayRefuse: true, transportMayRefuse: true })]);
  const malformedProblems: Problem[] = [];
  for (const value of malformed) {
    const problem = await refused(owner, value, `with ${JSON.stringify(value)}`, { accepted: 'malformed-handle-accepted', schemaMayRefuse: true });
    if (problem) malformedProblems.push(problem);
  }
  const alive = await probeCall(owner, handle, ctx.eras.second);
  if (servedAs(alive.outcome, { mintTool, argument: family.argument, handle }) === 'failed') {
    malformedProblems.push({ fault: 'server-error', what: `${probe.name} with the valid ${handle} afterwards`, why: describeOutcome(alive.outcome) });
  }
  checks.push(check('oversized-handle', 'an oversized handle is refused', oversizedProblems, 'refused'));
  checks.push(check('malformed-handle', 'malformed handles are refused and the server keeps serving', malformedProblems, `${malformed.length} malformed values refused; the valid handle still served`));
  return { checks, shape };
}

async function guessability(shape: HandleShape, before: string | undefined, neighbour: string | undefined, after: string | undefined, other: Principal | undefined): Promise<Check> {
  const id = 'handle-entropy';
  const title = 'handles cannot be guessed (not sequential, enough entropy)';
  const sequential = before && neighbour && after && predictedBetween(before, after).includes(neighbour);
  if (sequential) {
    return { id, title, status: 'fail', fault: 'guessable-handle', detail: `${neighbour}, minted${other ? ` by ${other.name}` : ''} between ${before} and ${after}, follows from them (sequential handles)` };
  }
  const bits = `~${shape.estimatedBits} bits (${shape.varyingLength} varying characters from an alphabet of ${shape.alphabet.length})`;
  if (shape.estimatedBits < GUESSABLE_BELOW_BITS) return { id, title, status: 'fail', fault: 'guessable-handle', detail: `at most ${bits}: below ${GUESSABLE_BELOW_BITS} bits a handle can be guessed` };
  if (shape.estimatedBits < RECOMMENDED_BITS) return { id, title, status: 'warn', detail: `at most ${bits}; the handle pattern asks for ${RECOMMENDED_BITS} (16 CSPRNG bytes)` };
  return { id, title, status: 'pass', detail: `${bits}, not sequential` };
}

async function expiry(ctx: FaultContext, probeCall: (p: Principal, h: string | undefined) => ReturnType<Driver['call']>, mintTool: string): Promise<Check> {
  const id = 'expired-handle';
  const title = 'a handle past its lifetime is refused';
  const stated = ctx.family.statedLifetime ? `the stated lifetime: "${ctx.family.statedLifetime.text}"` : `${mintTool} states no lifetime`;
  if (ctx.expectTtlMs === undefined) return { id, title, status: 'skip', detail: `${stated}; start the server with a short one and pass --expect-ttl to check it` };
  const minted = await mint(ctx.driver, ctx.family, ctx.owner, ctx.eras.first);
  if (!minted.handle) return { id, title, status: 'fail', fault: 'server-error', detail: `${mintTool}: ${describeOutcome(minted.call.outcome)}` };
  const fresh = await probeCall(ctx.owner, minted.handle);
  const idleMs = ctx.expectTtlMs + Math.max(1000, ctx.expectTtlMs / 2);
  // Expiry is about time passing without the handle being used, so this waits, by design.
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const late = await probeCall(ctx.owner, minted.handle);
  const problem = refusalProblem(late.outcome, { mintTool, accepted: 'expired-handle-served' });
  const servedFresh = servedAs(fresh.outcome, { mintTool, argument: ctx.family.argument, handle: minted.handle }) === 'ok';
  return check(id, title, problem ? [{ ...problem, what: `${fresh.tool} after ${idleMs} ms idle (--expect-ttl ${ctx.expectTtlMs} ms)` }] : [], `${servedFresh ? 'served while fresh, ' : ''}refused after ${idleMs} ms idle, naming ${mintTool}`);
}

async function idempotency(ctx: FaultContext): Promise<Check[]> {
  const { driver, family, owner, other } = ctx;
  const key = family.idempotencyKey;
  if (!key) {
    return [{ id: 'idempotency-same-caller', title: 'a retried mint with the same idempotency key returns the same handle', status: 'warn', detail: `${family.mintTool.name} takes no idempotency key: a retried call creates a second ${family.noun}` }];
  }
  const value = freshKey();
  const first = await mint(driver, family, owner, ctx.eras.first, value);
  const retry = await mint(driver, family, owner, ctx.eras.second, value);
  const checks: Check[] = [];
  const same: Problem[] = [];
  if (!first.handle || !retry.handle) same.push({ fault: 'server-error', what: `${family.mintTool.name} with ${key}`, why: describeOutcome((first.handle ? retry : first).call.outcome) });
  else if (first.handle !== retry.handle) same.push({ fault: 'idempotency-ignored', what: `${family.mintTool.name} twice with ${key}="${value}"`, why: `returned ${first.handle}, then ${retry.handle}` });
  checks.push(check('idempotency-same-caller', 'a retried mint with the same idempotency key returns the same handle', same, `the retry (${ctx.eras.second === 'legacy' ? '2025-era' : '2026-07-28'} client) returned the same ${family.argument}`));
  if (!other) {
    checks.push({ id: 'idempotency-other-caller', title: "another caller's idempotency key never returns the first caller's handle", status: 'skip', detail: 'one principal: give --token A --token B' });
    return checks;
  }
  const theirs = await mint(driver, family, other, ctx.eras.first, value);
  const crossed: Problem[] =
    theirs.handle && theirs.handle === first.handle
      ? [{ fault: 'idempotency-crosses-callers', what: `${family.mintTool.name} by ${other.name} with ${owner.name}'s ${key}`, why: `returned ${owner.name}'s ${theirs.handle}` }]
      : [];
  checks.push(check('idempotency-other-caller', "another caller's idempotency key never returns the first caller's handle", crossed, `${other.name} got ${theirs.handle ? 'a handle of its own' : `no handle (${describeOutcome(theirs.call.outcome, 80)})`}`));
  return checks;
}

function compact<T>(values: Array<T | undefined>): T[] {
  return values.filter((v): v is T => v !== undefined);
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

