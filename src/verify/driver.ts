/**
 * One verify run's calls: who calls (principal), with which client era, which tool, with what arguments;
 * which instance served it (from the proxy), and the conversation they add up to (for the token count).
 */
import { randomBytes } from 'node:crypto';
import { Callers, textOf, type CallOutcome, type Era, type Principal, type ToolDescription } from './clients.js';
import type { HandleFamily } from './families.js';
import type { ServedCall } from './proxy.js';
import { argumentsFor, requiredOf } from './schema-values.js';

export interface Scenario {
  /** Arguments per tool, merged over the ones generated from its input schema. */
  args?: Record<string, Record<string, unknown>>;
  /** Tools outside the handle families that the workflow may call. */
  tools?: string[];
}

export interface Call {
  principal: Principal;
  era: Era;
  tool: string;
  args: Record<string, unknown>;
  outcome: CallOutcome;
  /** 1-based instance that served the tools/call, when verify runs the proxy. */
  instance: number | undefined;
}

export class Driver {
  /** Every call made, in order: the conversation the token count reads. */
  readonly calls: Call[] = [];

  constructor(
    readonly callers: Callers,
    private readonly served: ServedCall[],
    private readonly scenario: Scenario,
    /** Every family's handle argument: filled by the workflow, never generated from the schema. */
    private readonly handleArguments: ReadonlySet<string>,
  ) {}

  async call(principal: Principal, era: Era, tool: string, args: Record<string, unknown>): Promise<Call> {
    const before = this.served.length;
    const outcome = await this.callers.call(principal, era, tool, args);
    const servedBy = this.served.slice(before).find((s) => s.tool === tool);
    const call: Call = { principal, era, tool, args, outcome, instance: servedBy ? servedBy.instance + 1 : undefined };
    this.calls.push(call);
    return call;
  }

  /** Arguments for `tool`: generated from its schema, the scenario's over them, then `handles` over both. */
  argumentsFor(tool: ToolDescription, handles: Record<string, string>): Record<string, unknown> {
    return { ...argumentsFor(tool.inputSchema, this.handleArguments), ...this.scenario.args?.[tool.name], ...handles };
  }

  /** Arguments for the minting tool; a required idempotency key gets a fresh value so mints stay distinct. */
  mintArguments(family: HandleFamily, idempotencyKey?: string): Record<string, unknown> {
    const args = this.argumentsFor(family.mintTool, {});
    if (family.idempotencyKey) {
      if (idempotencyKey !== undefined) args[family.idempotencyKey] = idempotencyKey;
      else if (requiredOf(family.mintTool.inputSchema).includes(family.idempotencyKey)) args[family.idempotencyKey] = freshKey();
      else delete args[family.idempotencyKey];
    }
    return args;
  }
}

/**
 * An idempotency key as a careful client makes one: 128 bits from the CSPRNG. A server without sign-in
 * rightly refuses keys that can be guessed (a key is then all that binds a retry to its first call), so
 * a weaker key would test the key rule instead of the handles. Drawn again when it comes out in one case
 * (about once in 48,000 draws): a migrated server judges such a key by the one-case alphabet (115 bits)
 * and refuses it by design, which is the key rule again, not a fault of the handles.
 */
export function freshKey(draw: (size: number) => Buffer = randomBytes): string {
  for (;;) {
    const key = draw(16).toString('base64url');
    if (key !== key.toLowerCase() && key !== key.toUpperCase()) return key;
  }
}

/** The result text and structured content of a call, as the model would read them. */
export function visibleText(call: Call): string {
  if (call.outcome.kind !== 'result') return call.outcome.message;
  const structured = call.outcome.result.structuredContent;
  return [textOf(call.outcome.result), structured ? JSON.stringify(structured) : ''].filter(Boolean).join('\n');
}
