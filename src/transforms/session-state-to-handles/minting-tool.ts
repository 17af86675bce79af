/**
 * The text of the generated minting tool (`create_<noun>`): what it says of itself, what it returns, and its
 * registration (`registerTool`) or, for a low-level server, its tools/list entry and its tools/call branch.
 * Where the text goes is the store rewrite's decision.
 */
import type { HandleNames } from '../kit/plan.js';
import { andList } from '../kit/prose.js';
import type { ModuleFlavour } from '../kit/source-style.js';
import { idempotencyKeyJsonSchema, lifetimeText, quote } from './schema-text.js';

/** Its description: what it returns, which tools take that, and how long a handle lives. */
export function mintingToolDescription(names: HandleNames, users: readonly string[], ttlMs: number, maxAgeMs: number): string {
  return `Create a new ${names.noun} and return its ${names.argument}. Pass the ${names.argument} to ${andList(users)}. ${lifetimeText(names, ttlMs, maxAgeMs)}`;
}

/** Its result: the handle as text and as structured content (`as const` so TypeScript keeps the content type). */
export function mintingToolResult(names: HandleNames, flavour: ModuleFlavour): string {
  return `{ content: [{ type: 'text'${flavour === 'ts' ? ' as const' : ''}, text: \`${names.argument}: \${${names.argument}}\` }], structuredContent: { ${names.argument} } }`;
}

interface Registration {
  names: HandleNames;
  /** What the call registering it calls: `server.registerTool`, or the project's own registration helper the other tools go through. */
  register: string;
  description: string;
  /** Its input schema: the optional idempotency key. */
  schema: string;
  /** The handler's context parameter (`ctx` in v2, `extra` in v1), which the registry binds the handle to. */
  ctx: string;
  /** How the registry is reached from the tool's file. */
  registry: string;
  result: string;
  /** One level of the file's indentation. */
  unit: string;
}

/** `server.registerTool('create_<noun>', { ... }, async ({ key }, ctx) => { ... });`, line by line, not yet indented. */
export function mintingToolRegistration({ names, register, description, schema, ctx, registry, result, unit }: Registration): string[] {
  const body = [
    `async ({ ${names.idempotencyKey} }, ${ctx}) => {`,
    `${unit}const ${names.argument} = ${registry}.mint(${ctx}, ${names.idempotencyKey});`,
    `${unit}return ${result};`,
    `}`,
  ];
  return [
    `${register}(`,
    `${unit}'${names.mintTool}',`,
    `${unit}{`,
    `${unit}${unit}description: ${quote(description)},`,
    `${unit}${unit}inputSchema: ${schema},`,
    `${unit}},`,
    ...body.map((line, i) => `${unit}${line}${i === body.length - 1 ? ',' : ''}`),
    `);`,
  ];
}

/** Its entry in a low-level server's tools/list result. */
export function lowLevelMintingEntry(names: HandleNames, description: string): string {
  return `{ name: '${names.mintTool}', description: ${quote(description)}, inputSchema: { type: 'object', properties: { ${names.idempotencyKey}: ${idempotencyKeyJsonSchema(names)} } } }`;
}

/** Its branch first thing in a low-level tools/call handler, line by line, not yet indented. */
export function lowLevelMintingBranch(names: HandleNames, request: string, ctx: string, result: string, unit: string): string[] {
  return [
    `if (${request}.params.name === '${names.mintTool}') {`,
    `${unit}const key = ${request}.params.arguments?.${names.idempotencyKey};`,
    // A low-level handler's throw is a protocol error, not a tool error: the refusal is returned.
    `${unit}const ${names.argument} = ${names.registry}.mintOrRefuse(${ctx}, typeof key === 'string' ? key : undefined);`,
    `${unit}if (typeof ${names.argument} !== 'string') return ${names.argument};`,
    `${unit}return ${result};`,
    `}`,
  ];
}
