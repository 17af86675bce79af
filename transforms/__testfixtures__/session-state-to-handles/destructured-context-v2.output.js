/**
 * Flashcard decks per MCP session (SDK v2, plain JavaScript); the handlers destructure `sessionId`
 * from their context, one of them beside `mcpReq`.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { createHandleRegistry } from './mcp-handles.js';

/** @type {Map<string, Array<{ front: string, back: string }>>} */
const decks = new Map();

/** deck_id handles (mcp-migrate): minted by create_deck, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const deckHandles = createHandleRegistry({
  prefix: 'deck',
  argument: 'deck_id',
  mintTool: 'create_deck',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => decks.delete(id),
});

export function buildFlashcardServer() {
  const server = new McpServer({ name: 'flashcards', version: '2.0.0' });

  server.registerTool(
    'add_card',
    { description: 'Add a flashcard to the deck.', inputSchema: z.object({ front: z.string(), back: z.string(), deck_id: z.string().max(27).regex(/^deck_[A-Za-z0-9_-]{22}$/, 'Not a deck_id: call create_deck to get one.').describe('The deck_id returned by create_deck.') }) },
    async ({ front, back, deck_id }, { http }) => {
      const deckDenied = deckHandles.check(deck_id, { http });
      if (deckDenied) return deckDenied;
      const deck = decks.get(deck_id) ?? [];
      deck.push({ front, back });
      decks.set(deck_id, deck);
      return { content: [{ type: 'text', text: `${deck.length} card(s) in the deck.` }] };
    },
  );

  server.registerTool(
    'draw_card',
    { description: 'Draw a random card from the deck.', inputSchema: z.object({ deck_id: z.string().max(27).regex(/^deck_[A-Za-z0-9_-]{22}$/, 'Not a deck_id: call create_deck to get one.').describe('The deck_id returned by create_deck.') }) },
    async (_args, { http, mcpReq }) => {
      const deckDenied = deckHandles.check(_args.deck_id, { http });
      if (deckDenied) return deckDenied;
      const deck = decks.get(_args.deck_id) ?? [];
      const card = deck[Math.floor(Math.random() * deck.length)];
      await mcpReq.log('info', `drew from a deck of ${deck.length}`);
      return { content: [{ type: 'text', text: card ? card.front : 'The deck is empty.' }] };
    },
  );

  server.registerTool(
    'create_deck',
    {
      description:
        'Create a new deck and return its deck_id. Pass the deck_id to add_card and draw_card. A deck_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_deck again.',
      inputSchema: z.object({
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same deck_id instead of creating a second deck, for as long as that deck_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      }),
    },
    async ({ idempotency_key }, ctx) => {
      const deck_id = deckHandles.mint(ctx, idempotency_key);
      return { content: [{ type: 'text', text: `deck_id: ${deck_id}` }], structuredContent: { deck_id } };
    },
  );

  return server;
}
