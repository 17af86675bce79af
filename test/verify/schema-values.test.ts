import { describe, expect, it } from 'vitest';
import { argumentsFor, valueFor } from '../../src/verify/schema-values.js';

describe('valueFor', () => {
  it('takes const, default, enum, examples before inventing a value', () => {
    expect(valueFor({ const: 'x', default: 'y' })).toBe('x');
    expect(valueFor({ type: 'integer', default: 3 })).toBe(3);
    expect(valueFor({ type: 'string', enum: ['small', 'large'] })).toBe('small');
    expect(valueFor({ type: 'string', examples: ['MUG-001'] })).toBe('MUG-001');
  });
  it('finds a string that matches the pattern and the length bounds', () => {
    const postcode = valueFor({ type: 'string', pattern: '^[0-9A-Za-z -]{3,10}$' }) as string;
    expect(postcode).toMatch(/^[0-9A-Za-z -]{3,10}$/);
    expect(valueFor({ type: 'string', pattern: '^\\d+$' })).toMatch(/^\d+$/);
    expect((valueFor({ type: 'string', minLength: 12 }) as string).length).toBe(12);
    expect(valueFor({ type: 'string', format: 'email' })).toBe('someone@example.com');
  });
  it('takes the minimum of numbers and the required properties of objects', () => {
    expect(valueFor({ type: 'integer', minimum: 1, maximum: 99 })).toBe(1);
    expect(valueFor({ type: 'number', exclusiveMinimum: 0 })).toBe(0.5);
    expect(valueFor({ type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'string' } }, required: ['a'] })).toEqual({ a: false });
    expect(valueFor({ type: 'array', items: { type: 'string' }, minItems: 1 })).toEqual(['example']);
    expect(valueFor({ anyOf: [{ type: 'null' }, { type: 'integer', minimum: 5 }] })).toBe(5);
  });
});

describe('argumentsFor', () => {
  it('fills required arguments except the handles', () => {
    const schema = { type: 'object', properties: { cart_id: { type: 'string' }, sku: { type: 'string' }, note: { type: 'string' } }, required: ['cart_id', 'sku'] };
    expect(argumentsFor(schema, new Set(['cart_id']))).toEqual({ sku: 'example' });
  });
});
