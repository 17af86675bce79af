/**
 * Handle families, inferred from what the server says about its tools (tools/list), never from its code,
 * so servers migrated by hand are judged like those `apply` migrated:
 * - a handle argument is a required string property named `<noun>_id` (or `<noun>Id`);
 * - the tools that require it use the handle; the minting tool is the one that does not take it and says
 *   it returns it (output schema, a `create_<noun>`-like name, a description naming the argument) —
 *   confirmed later by calling it and finding `<noun>_id` in its structuredContent or text;
 * - the idempotency key is the minting tool's property named like one, the lifetime is what its
 *   description states ("expires after 24 hours without use").
 */
import type { ToolDescription } from './clients.js';
import { properties, requiredOf } from './schema-values.js';

export interface HandleFamily {
  /** `cart` */
  noun: string;
  /** `cart_id` (or `cartId`) */
  argument: string;
  mintTool: ToolDescription;
  /** The tools whose input schema requires the handle. */
  users: ToolDescription[];
  idempotencyKey: string | undefined;
  /** The lifetime as the minting tool states it, and in milliseconds when it can be read. */
  statedLifetime: { text: string; ms: number | undefined } | undefined;
}

export interface FamilyInference {
  families: HandleFamily[];
  /** Handle arguments for which no tool looks like the minting tool. */
  orphans: Array<{ argument: string; users: string[] }>;
}

const HANDLE_ARGUMENT = /^([a-z][a-zA-Z0-9]*?)(?:_id|Id)$/;
const MINT_VERB = /^(create|new|start|open|begin|make|mint|init|register|add|generate)(_|[A-Z]|$)/;
const IDEMPOTENCY = /idempoten|dedup|client_?token|request_?key/i;

function isStringSchema(schema: { type?: string | string[] } | undefined): boolean {
  if (!schema?.type) return true;
  return Array.isArray(schema.type) ? schema.type.includes('string') : schema.type === 'string';
}

/** `cart_id` → `cart`, `shoppingCartId` → `shoppingCart`. */
export function nounOf(argument: string): string | undefined {
  return HANDLE_ARGUMENT.exec(argument)?.[1];
}

function mintScore(tool: ToolDescription, argument: string, noun: string): number {
  let score = 0;
  if (argument in properties(tool.outputSchema)) score += 4;
  const name = tool.name.toLowerCase();
  const nounLower = noun.toLowerCase();
  if (name.includes(nounLower)) score += MINT_VERB.test(tool.name) ? 3 : 1;
  if (tool.description?.includes(argument)) score += 2;
  return score;
}

const UNIT_MS: Array<[RegExp, number]> = [
  [/^(ms|millisecond)/i, 1],
  [/^(s|sec|second)/i, 1000],
  [/^(m|min|minute)/i, 60_000],
  [/^(h|hr|hour)/i, 3_600_000],
  [/^(d|day)/i, 86_400_000],
];

/** "expires after 24 hours without use" → { text, ms: 86400000 }. */
export function statedLifetime(description: string | undefined): HandleFamily['statedLifetime'] {
  if (!description) return undefined;
  const match = /\b(?:expires?|expiry|valid|lives?|lifetime|ttl)\b[^.]*?\b(\d+(?:\.\d+)?|an?|one)\s*(milliseconds?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d)\b/i.exec(description);
  if (!match) return undefined;
  const amount = /^\d/.test(match[1]!) ? Number(match[1]) : 1;
  const unit = UNIT_MS.find(([re]) => re.test(match[2]!))?.[1];
  return { text: match[0], ms: unit === undefined ? undefined : amount * unit };
}

export function inferFamilies(tools: ToolDescription[]): FamilyInference {
  const users = new Map<string, ToolDescription[]>();
  for (const tool of tools) {
    const props = properties(tool.inputSchema);
    for (const name of requiredOf(tool.inputSchema)) {
      if (nounOf(name) && isStringSchema(props[name])) users.set(name, [...(users.get(name) ?? []), tool]);
    }
  }
  const families: HandleFamily[] = [];
  const orphans: FamilyInference['orphans'] = [];
  for (const [argument, using] of users) {
    const noun = nounOf(argument)!;
    const candidates = tools
      .filter((t) => !requiredOf(t.inputSchema).includes(argument))
      .map((tool) => ({ tool, score: mintScore(tool, argument, noun) }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score);
    const mintTool = candidates[0]?.tool;
    if (!mintTool) {
      orphans.push({ argument, users: using.map((t) => t.name) });
      continue;
    }
    const idempotencyKey = Object.keys(properties(mintTool.inputSchema)).find((p) => IDEMPOTENCY.test(p));
    families.push({
      noun,
      argument,
      mintTool,
      users: using,
      idempotencyKey,
      statedLifetime: statedLifetime(mintTool.description),
    });
  }
  return { families, orphans };
}
