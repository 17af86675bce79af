/**
 * The tools. State lives per MCP session; elicitation and sampling are server→client requests sent in the
 * middle of a tool call; progress of the cart is logged to the session.
 */
import {
  McpServer,
  inputRequired,
  inputResponse,
  createRequestStateCodec,
  fromJsonSchema,
  acceptedContent,
  type CreateMessageResult,
  type ElicitRequestFormParams,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

// Seals what a handler holds between the rounds of a multi-round-trip call. Every instance must share the key: set MCP_REQUEST_STATE_KEY (at least 32 bytes).
const requestStateKey = process.env.MCP_REQUEST_STATE_KEY;
if (!requestStateKey)
  throw new Error(
    'MCP_REQUEST_STATE_KEY is not set: it seals requestState across instances (use at least 32 random bytes, the same on every instance)',
  );
const requestStateCodec = createRequestStateCodec({
  key: requestStateKey,
  ttlSeconds: 600,
  bind: (ctx) => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}`,
});

interface Line {
  sku: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
}

const CATALOG = [
  { sku: 'MUG-001', name: 'Enamel camp mug', priceCents: 1400 },
  { sku: 'TNT-210', name: 'Two-person tent', priceCents: 18900 },
  { sku: 'LMP-044', name: 'Rechargeable headlamp', priceCents: 3900 },
  { sku: 'BTL-750', name: 'Insulated bottle 750ml', priceCents: 2900 },
];

// Carts by MCP session id.
const carts = new Map<string, Line[]>();

function cartOf(sessionId: string | undefined): Line[] {
  const key = sessionId ?? 'stdio';
  let cart = carts.get(key);
  if (!cart) {
    cart = [];
    carts.set(key, cart);
  }
  return cart;
}

const price = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const totalOf = (cart: Line[]) => cart.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

export function createServer(): McpServer {
  const server = new McpServer(
    { name: 'everything-shop', version: '1.0.0' },
    { capabilities: { logging: {} }, requestState: { verify: requestStateCodec.verify } },
  );

  server.registerTool(
    'add_to_cart',
    {
      description: 'Add a product to the cart by SKU.',
      inputSchema: { sku: z.string(), quantity: z.number().int().min(1).max(99).default(1) },
    },
    async ({ sku, quantity }, ctx) => {
      const product = CATALOG.find((p) => p.sku === sku);
      if (!product) return { ...text(`Unknown SKU ${sku}.`), isError: true };
      const cart = cartOf(ctx.sessionId);
      const line = cart.find((l) => l.sku === sku);
      if (line) line.quantity += quantity;
      else cart.push({ sku, name: product.name, unitPriceCents: product.priceCents, quantity });
      await server.sendLoggingMessage({ level: 'info', logger: 'cart', data: `added ${quantity} x ${sku}` }, ctx.sessionId);
      return text(`Added ${quantity} x ${product.name}. Cart total: ${price(totalOf(cart))}`);
    },
  );

  server.registerTool('view_cart', { description: 'Show the cart and its total.' }, async (ctx) => {
    const cart = cartOf(ctx.sessionId);
    if (cart.length === 0) return text('The cart is empty.');
    const lines = cart.map((l) => `${l.quantity} x ${l.name} (${price(l.unitPriceCents)})`);
    return text([...lines, `Total: ${price(totalOf(cart))}`].join('\n'));
  });

  server.registerTool(
    'gift_note',
    {
      description: "Have the client's model write a short gift note for the cart.",
      inputSchema: { recipient: z.string().min(1) },
    },
    async ({ recipient }, ctx) => {
      const cart = cartOf(ctx.sessionId);
      const items = cart.map((l) => l.name).join(', ') || 'a surprise';
      const replyResponse = inputResponse(ctx.mcpReq.inputResponses, 'reply');
      if (replyResponse.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            reply: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `Write a one-line gift note for ${recipient} who gets: ${items}` } }],
              maxTokens: 60,
            }),
          },
        });
      }
      if (replyResponse.kind !== 'sampling') {
        return {
          content: [
            { type: 'text' as const, text: `Expected a sampling response for "reply", got "${replyResponse.kind}".` },
          ],
          isError: true,
        };
      }
      const reply = replyResponse.result as CreateMessageResult;
      const note = reply.content.type === 'text' ? reply.content.text : '(no text)';
      return text(`Gift note for ${recipient}: ${note}`);
    },
  );

  server.registerTool(
    'checkout',
    {
      description: 'Ask the user to confirm, then place the order for everything in the cart and empty it.',
      inputSchema: { shippingPostcode: z.string().regex(/^[0-9A-Za-z -]{3,10}$/) },
    },
    async ({ shippingPostcode }, ctx) => {
      const cart = cartOf(ctx.sessionId);
      if (cart.length === 0) return { ...text('Nothing to check out: the cart is empty.'), isError: true };
      const total = totalOf(cart);
      const answerRequestedSchema: ElicitRequestFormParams['requestedSchema'] = {
        type: 'object',
        properties: { confirm: { type: 'boolean', description: 'Place the order' } },
        required: ['confirm'],
      };
      const answerSchema = fromJsonSchema<Record<string, unknown>>(answerRequestedSchema);
      const answerResponse = inputResponse(ctx.mcpReq.inputResponses, 'answer');
      const answerState = ctx.mcpReq.requestState<{ total: typeof total }>();
      if (answerResponse.kind === 'missing' || !answerState) {
        return inputRequired({
          inputRequests: {
            answer: inputRequired.elicit({
              message: `Place the order for ${price(total)}, shipping to ${shippingPostcode}?`,
              requestedSchema: answerSchema,
            }),
          },
          requestState: await requestStateCodec.mint({ total }, ctx),
        });
      }
      if (answerResponse.kind !== 'elicit') {
        return {
          content: [
            {
              type: 'text' as const,
              text: `Expected an elicitation response for "answer", got "${answerResponse.kind}".`,
            },
          ],
          isError: true,
        };
      }
      const answer =
        answerResponse.action === 'accept'
          ? {
              action: answerResponse.action,
              content: acceptedContent(ctx.mcpReq.inputResponses, 'answer', answerSchema),
            }
          : answerResponse;
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return text(`Checkout cancelled; the cart still holds ${price(answerState.total)}.`);
      }
      carts.delete(ctx.sessionId ?? 'stdio');
      return text(`Order placed for ${price(answerState.total)}, shipping to ${shippingPostcode}.`);
    },
  );

  return server;
}
