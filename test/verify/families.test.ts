import { describe, expect, it } from 'vitest';
import type { ToolDescription } from '../../src/verify/clients.js';
import { inferFamilies, nounOf, statedLifetime } from '../../src/verify/families.js';

const requires = (name: string, props: Record<string, object>, required: string[], extra: Partial<ToolDescription> = {}): ToolDescription => ({
  name,
  inputSchema: { type: 'object', properties: props, required },
  ...extra,
});

describe('inferFamilies', () => {
  it('finds a family from the tools that require <noun>_id and the create tool that mints it', () => {
    const tools = [
      requires('create_cart', { idempotency_key: { type: 'string' } }, [], { description: 'Create a cart and return its cart_id. A cart_id expires after 24 hours without use.' }),
      requires('add_to_cart', { cart_id: { type: 'string' }, sku: { type: 'string' } }, ['cart_id', 'sku']),
      requires('view_cart', { cart_id: { type: 'string' } }, ['cart_id']),
      requires('search_products', { query: { type: 'string' } }, ['query']),
    ];
    const { families, orphans } = inferFamilies(tools);
    expect(orphans).toEqual([]);
    expect(families).toHaveLength(1);
    const [cart] = families;
    expect(cart!.noun).toBe('cart');
    expect(cart!.mintTool.name).toBe('create_cart');
    expect(cart!.users.map((u) => u.name)).toEqual(['add_to_cart', 'view_cart']);
    expect(cart!.idempotencyKey).toBe('idempotency_key');
    expect(cart!.statedLifetime).toEqual({ text: 'expires after 24 hours', ms: 86_400_000 });
  });

  it('prefers the tool whose output schema declares the handle, and reads camelCase handles', () => {
    const tools = [
      requires('openSession', {}, [], { outputSchema: { type: 'object', properties: { browserId: { type: 'string' } } } }),
      requires('createBrowserTab', {}, []),
      requires('navigate', { browserId: { type: 'string' }, url: { type: 'string' } }, ['browserId', 'url']),
    ];
    const [family] = inferFamilies(tools).families;
    expect(family!.argument).toBe('browserId');
    expect(family!.noun).toBe('browser');
    expect(family!.mintTool.name).toBe('openSession');
  });

  it('reports a handle argument no tool mints as an orphan, and ignores non-string ids', () => {
    const tools = [requires('get_order', { order_id: { type: 'string' } }, ['order_id']), requires('get_page', { page_id: { type: 'integer' } }, ['page_id'])];
    const { families, orphans } = inferFamilies(tools);
    expect(families).toEqual([]);
    expect(orphans).toEqual([{ argument: 'order_id', users: ['get_order'] }]);
  });
});

describe('statedLifetime and nounOf', () => {
  it.each([
    ['A note_id expires after 2 seconds without use.', 2000],
    ['Handles are valid for 30 minutes.', 1_800_000],
    ['The session lives for one day.', 86_400_000],
  ])('%s', (description, ms) => {
    expect(statedLifetime(description)?.ms).toBe(ms);
  });
  it('says nothing when no lifetime is stated', () => {
    expect(statedLifetime('Create a cart.')).toBeUndefined();
  });
  it('names the noun of snake and camel handle arguments only', () => {
    expect(nounOf('cart_id')).toBe('cart');
    expect(nounOf('shoppingCartId')).toBe('shoppingCart');
    expect(nounOf('id')).toBeUndefined();
    expect(nounOf('valid')).toBeUndefined();
  });
});
