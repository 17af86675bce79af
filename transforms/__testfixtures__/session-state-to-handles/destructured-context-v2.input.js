/**
 * Flashcard decks per MCP session (SDK v2, plain JavaScript); the handlers destructure `sessionId`
 * from their context, one of them beside `mcpReq`.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** @type {Map<string, Array<{ front: string, back: string }>>} */
const decks = new Map();

export function buildFlashcardServer() {
  const server = new McpServer({ name: 'flashcards', version: '2.0.0' });

  server.registerTool(
    'add_card',
    { description: 'Add a flashcard to the deck.', inputSchema: z.object({ front: z.string(), back: z.string() }) },
    async ({ front, back }, { sessionId }) => {
      const deck = decks.get(sessionId ?? 'stdio') ?? [];
      deck.push({ front, back });
      decks.set(sessionId ?? 'stdio', deck);
      return { content: [{ type: 'text', text: `${deck.length} card(s) in the deck.` }] };
    },
  );

  server.registerTool(
    'draw_card',
    { description: 'Draw a random card from the deck.', inputSchema: z.object({}) },
    async (_args, { sessionId, mcpReq }) => {
      const deck = decks.get(sessionId ?? 'stdio') ?? [];
      const card = deck[Math.floor(Math.random() * deck.length)];
      await mcpReq.log('info', `drew from a deck of ${deck.length}`);
      return { content: [{ type: 'text', text: card ? card.front : 'The deck is empty.' }] };
    },
  );

  return server;
}
