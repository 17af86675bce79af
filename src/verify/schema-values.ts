/**
 * Arguments for a tool from its JSON Schema input: the value a cautious caller would send — a `const`,
 * the `default`, the first `enum` value or `example`, else the smallest value the schema accepts
 * (a string that matches its `pattern` and length bounds, a number at its minimum, the required
 * properties of an object). Only required properties are filled: optional ones keep the server's defaults.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
};

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'someone@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00Z',
  time: '00:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '127.0.0.1',
  hostname: 'example.com',
};

// Tried in order against a `pattern`: common shapes of real inputs.
const PATTERN_CANDIDATES = ['example', 'abc', 'ABC', 'a', '1', '123', 'abc123', 'ABC123', 'A1B 2C3', 'a-b', 'a_b', 'x@example.com', '2026-01-01', 'https://example.com/', 'AB-123', '00000000-0000-4000-8000-000000000000'];

export function properties(schema: unknown): Record<string, JsonSchema> {
  return (schema as JsonSchema | undefined)?.properties ?? {};
}

export function requiredOf(schema: unknown): string[] {
  const required = (schema as JsonSchema | undefined)?.required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

function firstType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  return schema.type ?? (schema.properties ? 'object' : undefined);
}

function stringFor(schema: JsonSchema): string {
  if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format]!;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      pattern = undefined;
    }
    const match = pattern && PATTERN_CANDIDATES.find((c) => fits(c) && pattern.test(c));
    if (match) return match;
  }
  const base = 'example';
  if (base.length > max) return base.slice(0, max);
  return base.length >= min ? base : base.padEnd(min, 'x');
}

function numberFor(schema: JsonSchema, integer: boolean): number {
  const above = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (integer ? 1 : 0.5) : undefined;
  let value = typeof schema.minimum === 'number' ? Math.max(schema.minimum, above ?? -Infinity) : (above ?? 1);
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  return integer ? Math.ceil(value) : value;
}

/** A value the schema accepts (undefined when it gives nothing to go on). */
export function valueFor(schema: JsonSchema | undefined): unknown {
  if (!schema || typeof schema !== 'object') return 'example';
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  const branch = schema.anyOf?.find((s) => firstType(s) !== 'null') ?? schema.oneOf?.[0];
  if (branch) return valueFor(branch);
  if (schema.allOf?.length) return valueFor(Object.assign({}, ...schema.allOf) as JsonSchema);
  switch (firstType(schema)) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => valueFor(schema.items));
    case 'object':
      return argumentsFor(schema, new Set());
    case 'null':
      return null;
    default:
      return 'example';
  }
}

/** The required arguments of a tool, except `skip` (the handles, which the workflow supplies). */
export function argumentsFor(schema: unknown, skip: ReadonlySet<string>): Record<string, unknown> {
  const props = properties(schema);
  const args: Record<string, unknown> = {};
  for (const name of requiredOf(schema)) {
    if (!skip.has(name)) args[name] = valueFor(props[name]);
  }
  return args;
}
