/**
 * The workflow of one handle family, driven to `depth` turns: two objects minted by the same caller,
 * every turn a tool of the family on one of them, the client era switching every two turns (a
 * 2026-07-28 client; a 2025-era client on a fresh connection) and the instance switching with the
 * round-robin proxy. Tools that end an object (`destructiveHint`, checkout/delete/close…) come last.
 * It fails when a valid handle is refused (state did not follow it to another instance or connection)
 * or when two reads of one object disagree with nothing changed in between.
 */
import type { Era, Principal, ToolDescription } from './clients.js';
import { visibleText, type Call, type Driver } from './driver.js';
import type { HandleFamily } from './families.js';
import { handleIn } from './handle-shape.js';
import { describeOutcome, servedAs } from './judge.js';
import type { Check } from './result.js';

const READ_NAME = /^(get|view|list|show|read|describe|status|fetch|inspect|peek|query|search|find|lookup|count|check)(_|[A-Z]|$)/;
const TERMINAL_NAME = /^(delete|destroy|close|end|finish|discard|drop|checkout|submit|complete|archive|cancel|place|purchase|commit)(_|[A-Z]|$)/;

function isRead(tool: ToolDescription): boolean {
  return tool.annotations?.readOnlyHint === true || READ_NAME.test(tool.name);
}

function isTerminal(tool: ToolDescription): boolean {
  return tool.annotations?.destructiveHint === true || TERMINAL_NAME.test(tool.name);
}

/** The tool the fault checks call: a read if there is one, else one that does not end the object. */
export function probeTool(family: HandleFamily): ToolDescription {
  return family.users.find(isRead) ?? family.users.find((t) => !isTerminal(t)) ?? family.users[0]!;
}

export interface Minted {
  handle: string | undefined;
  call: Call;
}

export async function mint(driver: Driver, family: HandleFamily, principal: Principal, era: Era, idempotencyKey?: string): Promise<Minted> {
  const call = await driver.call(principal, era, family.mintTool.name, driver.mintArguments(family, idempotencyKey));
  const handle = call.outcome.kind === 'result' && !call.outcome.result.isError ? handleIn(call.outcome.result, family.argument) : undefined;
  return { handle, call };
}

export interface WorkflowRun {
  check: Check;
  /** The handles the workflow used (for the token count and the entropy estimate). */
  handles: string[];
  calls: Call[];
}

function eraOf(turn: number, eras: Era[]): Era {
  return eras[Math.floor(turn / 2) % eras.length]!;
}

export async function runWorkflow(opts: {
  driver: Driver;
  family: HandleFamily;
  principal: Principal;
  eras: Era[];
  depth: number;
  /** Tools outside the family the scenario or --allow-tools lets the workflow call. */
  extraTools: ToolDescription[];
  /** Handles of other families a tool of this one also requires. */
  otherHandles: Record<string, string>;
}): Promise<WorkflowRun> {
  const { driver, family, principal, eras, depth } = opts;
  const title = `state follows the handle for ${depth} turns across instances and ${eras.length > 1 ? 'both client eras' : `the ${eras[0] === 'modern' ? '2026-07-28' : '2025-era'} client only`}`;
  const minted = [await mint(driver, family, principal, eras[0]!), await mint(driver, family, principal, eras[eras.length - 1]!)];
  const handles = minted.map((m) => m.handle);
  if (handles.some((h) => h === undefined)) {
    const failed = minted.find((m) => m.handle === undefined)!;
    const session = failed.call.outcome.kind === 'failed' && /session/i.test(failed.call.outcome.message);
    return {
      check: {
        id: 'workflow',
        title,
        status: 'fail',
        fault: session ? 'session-required' : failed.call.outcome.kind === 'failed' ? 'server-error' : undefined,
        detail: `${family.mintTool.name} (${failed.call.era} client) returned no ${family.argument}: ${describeOutcome(failed.call.outcome)}`,
      },
      handles: [],
      calls: minted.map((m) => m.call),
    };
  }
  const objects = handles as string[];
  const ongoing = family.users.filter((t) => !isTerminal(t));
  const terminal = family.users.filter(isTerminal);
  const cycle = ongoing.length + opts.extraTools.length > 0 ? [...ongoing, ...opts.extraTools] : terminal;
  const endTurns = ongoing.length > 0 ? Math.min(terminal.length * objects.length, Math.floor(depth / 3)) : 0;
  const calls: Call[] = minted.map((m) => m.call);
  const lastRead = new Map<string, { text: string; turn: number; instance?: number; era: Era }>();
  const problems: string[] = [];
  let fault: Check['fault'];
  const counts = { ok: 0, domain: new Map<string, number>(), eras: new Set<Era>(), instances: new Set<number>() };
  for (let turn = 0; turn < depth; turn++) {
    const ending = turn >= depth - endTurns;
    const k = turn - (depth - endTurns);
    const tool = ending ? terminal[Math.floor(k / objects.length) % terminal.length]! : cycle[(turn + Math.floor(turn / 4)) % cycle.length]!;
    const handle = objects[ending ? k % objects.length : turn % objects.length]!;
    const usesHandle = family.users.includes(tool);
    const era = eraOf(turn, eras);
    const args = driver.argumentsFor(tool, { ...opts.otherHandles, ...(usesHandle ? { [family.argument]: handle } : {}) });
    const call = await driver.call(principal, era, tool.name, args);
    calls.push(call);
    counts.eras.add(era);
    if (call.instance !== undefined) counts.instances.add(call.instance);
    const where = `turn ${turn + 1}, ${tool.name} via the ${era === 'modern' ? '2026-07-28' : '2025-era'} client${call.instance ? ` on instance ${call.instance}` : ''}`;
    const verdict = servedAs(call.outcome, { mintTool: family.mintTool.name, argument: family.argument, handle });
    if (verdict === 'ok') counts.ok++;
    else if (verdict === 'domain-error') counts.domain.set(tool.name, (counts.domain.get(tool.name) ?? 0) + 1);
    else {
      const session = call.outcome.kind === 'failed' && /session/i.test(call.outcome.message);
      fault ??= verdict === 'refused' ? 'state-lost' : session ? 'session-required' : 'server-error';
      problems.push(`${where}: ${handle} (minted by ${family.mintTool.name}) ${verdict === 'refused' ? 'was refused' : 'failed'}: ${describeOutcome(call.outcome)}`);
      continue;
    }
    if (!usesHandle) continue;
    const key = `${handle}\u0000${tool.name}\u0000${JSON.stringify(args)}`;
    if (isRead(tool) && verdict === 'ok') {
      const text = visibleText(call);
      const previous = lastRead.get(key);
      if (previous && previous.text !== text) {
        fault ??= 'state-diverged';
        problems.push(
          `${where}: ${tool.name} on ${handle} answered differently than at turn ${previous.turn + 1}${previous.instance ? ` (instance ${previous.instance})` : ''} with no change in between`,
        );
      }
      lastRead.set(key, { text, turn, instance: call.instance, era });
    } else {
      for (const stale of [...lastRead.keys()].filter((k) => k.startsWith(`${handle}\u0000`))) lastRead.delete(stale);
    }
  }
  const domainNote = counts.domain.size
    ? `; tool errors not about the handle (not judged; give real inputs with --scenario): ${[...counts.domain].map(([t, n]) => `${t} ×${n}`).join(', ')}`
    : '';
  const coverage = `${depth} turns on ${objects.length} ${family.noun}s, ${[...counts.eras].map((e) => (e === 'modern' ? '2026-07-28 client' : '2025-era client (fresh connection per call)')).join(' and ')}${counts.instances.size ? `, served by instance${counts.instances.size > 1 ? 's' : ''} ${[...counts.instances].sort().join(', ')}` : ''}`;
  if (problems.length > 0) {
    return { check: { id: 'workflow', title, status: 'fail', fault, detail: `${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}` }, handles: objects, calls };
  }
  if (counts.ok === 0) {
    return { check: { id: 'workflow', title, status: 'fail', detail: `no call with a ${family.argument} succeeded, so nothing is proven: ${coverage}${domainNote}` }, handles: objects, calls };
  }
  return { check: { id: 'workflow', title, status: 'pass', detail: `${coverage}; ${counts.ok} served${domainNote}` }, handles: objects, calls };
}
