/**
 * The shop assistant's tools. One McpServer is built per session by index.ts.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { addLine, cartTotalCents, clearCart, formatPrice, getCart, removeLine, cartHandles } from './cart.js';
import { withSharedState } from './mcp-redis-store.js';

interface Product {
  sku: string;
  name: string;
  priceCents: number;
  tags: string[];
}

// A tiny catalogue; the real one comes from the product service.
const CATALOG: Product[] = [
  { sku: 'MUG-001', name: 'Enamel camp mug', priceCents: 1400, tags: ['kitchen', 'outdoor'] },
  { sku: 'TNT-210', name: 'Two-person tent', priceCents: 18900, tags: ['outdoor', 'camping'] },
  { sku: 'LMP-044', name: 'Rechargeable headlamp', priceCents: 3900, tags: ['outdoor', 'lighting'] },
  { sku: 'BTL-750', name: 'Insulated bottle 750ml', priceCents: 2900, tags: ['kitchen', 'hydration'] },
];

function text(value: string) {
  return { content: [{ type: 'text' as const, text: value }] };
}

export function createShopServer(): McpServer {
  const server = new McpServer({ name: 'shop-assistant', version: '0.7.2' });

  server.registerTool(
    'search_products',
    {
      title: 'Search products',
      description: 'Search the catalogue by keyword or tag.',
      inputSchema: { query: z.string().min(1), limit: z.number().int().min(1).max(20).default(5) },
      annotations: { readOnlyHint: true },
    },
    async ({ query, limit }) => {
      const q = query.toLowerCase();
      const hits = CATALOG.filter((p) => p.name.toLowerCase().includes(q) || p.tags.includes(q)).slice(0, limit);
      if (hits.length === 0) return text(`No products match "${query}".`);
      return text(hits.map((p) => `${p.sku}  ${p.name}  ${formatPrice(p.priceCents)}`).join('\n'));
    },
  );

  server.registerTool(
    'add_to_cart',
    {
      title: 'Add to cart',
      description: 'Add a product to the cart by SKU.',
      inputSchema: { sku: z.string(), quantity: z.number().int().min(1).max(99).default(1), cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') },
    },
    withSharedState(async ({ sku, quantity, cart_id }, extra) => {
      const cartDenied = await cartHandles.check(cart_id, extra);
      if (cartDenied) return cartDenied;
      const product = CATALOG.find((p) => p.sku === sku);
      if (!product) {
        return { ...text(`Unknown SKU ${sku}. Use search_products first.`), isError: true };
      }
      const cart = await getCart(cart_id);
      addLine(cart, { sku, name: product.name, unitPriceCents: product.priceCents, quantity });
      return text(`Added ${quantity} x ${product.name}. Cart total: ${formatPrice(cartTotalCents(cart))}`);
    }),
  );

  server.tool('remove_from_cart', 'Remove a product from the cart.', { sku: z.string(), cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') }, withSharedState(async ({ sku, cart_id }, extra) => {
    const cartDenied = await cartHandles.check(cart_id, extra);
    if (cartDenied) return cartDenied;
    const removed = removeLine(await getCart(cart_id), sku);
    return removed ? text(`Removed ${sku}.`) : { ...text(`${sku} is not in the cart.`), isError: true };
  }));

  server.tool('view_cart', 'Show the items in the cart and the total.', { cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') }, withSharedState(async ({ cart_id }, extra) => {
    const cartDenied = await cartHandles.check(cart_id, extra);
    if (cartDenied) return cartDenied;
    const cart = await getCart(cart_id);
    if (cart.lines.length === 0) return text('The cart is empty.');
    const lines = cart.lines.map((l) => `${l.quantity} x ${l.name} (${formatPrice(l.unitPriceCents)})`);
    return text([...lines, `Total: ${formatPrice(cartTotalCents(cart))}`].join('\n'));
  }));

  server.registerTool(
    'checkout',
    {
      title: 'Checkout',
      description: 'Place the order for everything in the cart and empty it.',
      inputSchema: { shippingPostcode: z.string().regex(/^[0-9A-Za-z -]{3,10}$/), cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') },
    },
    withSharedState(async ({ shippingPostcode, cart_id }, extra) => {
      const cartDenied = await cartHandles.check(cart_id, extra);
      if (cartDenied) return cartDenied;
      const cart = await getCart(cart_id);
      if (cart.lines.length === 0) {
        return { ...text('Nothing to check out: the cart is empty.'), isError: true };
      }
      const progressToken = extra._meta?.progressToken;
      if (progressToken !== undefined) {
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken, progress: 1, total: 2, message: 'Reserving stock' },
        });
      }
      const total = cartTotalCents(cart);
      console.error(`[${extra.requestId}] checkout: ${cart.lines.length} line(s), ${formatPrice(total)}`);
      const orderNumber = `SO-${Date.now().toString(36).toUpperCase()}`;
      await clearCart(cart_id);
      return text(`Order ${orderNumber} placed for ${formatPrice(total)}, shipping to ${shippingPostcode}.`);
    }),
  );

  server.registerTool(
    'create_cart',
    {
      description: 'Create a new cart and return its cart_id. Pass the cart_id to add_to_cart, remove_from_cart, view_cart and checkout. A cart_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_cart again.',
      inputSchema: { idempotency_key: z.string().max(128).optional().describe('Optional. Retrying with the same key returns the same cart_id instead of creating a second cart, for as long as that cart_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.') },
    },
    async ({ idempotency_key }, extra) => {
      const cart_id = await cartHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `cart_id: ${cart_id}` }], structuredContent: { cart_id } };
    },
  );

  return server;
}
