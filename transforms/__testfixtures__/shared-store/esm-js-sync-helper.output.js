// Game scores per MCP session (SDK v1, ESM JavaScript); a plain (non-async) helper loads the state.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createRedisHandleRegistry, createRedisStore, withSharedState } from './mcp-redis-store.js';

const games = createRedisStore({ name: 'games', ttlMs: 24 * 60 * 60 * 1000 });

/** game_id handles (mcp-migrate): minted by create_game, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const gameHandles = createRedisHandleRegistry({
  prefix: 'game',
  argument: 'game_id',
  mintTool: 'create_game',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => games.delete(id),
});

async function gameFor(game_id) {
  let game = await games.get(game_id);
  if (!game) {
    game = { score: 0, moves: [] };
    await games.set(game_id, game);
  }
  return game;
}

export function createGameServer() {
  const server = new McpServer({ name: 'scores', version: '1.0.0' });

  server.registerTool('play', { description: 'Play a move.', inputSchema: { move: z.string(), game_id: z.string().max(27).regex(/^game_[A-Za-z0-9_-]{22}$/, 'Not a game_id: call create_game to get one.').describe('The game_id returned by create_game.') } }, withSharedState(async ({ move, game_id }, extra) => {
    const gameDenied = await gameHandles.check(game_id, extra);
    if (gameDenied) return gameDenied;
    const game = await gameFor(game_id);
    game.moves.push(move);
    game.score += move.length;
    return { content: [{ type: 'text', text: `Score: ${(await gameFor(game_id)).score}` }] };
  }));

  server.registerTool(
    'score',
    {
      description: 'The current score.',
      inputSchema: {
        game_id: z
          .string()
          .max(27)
          .regex(/^game_[A-Za-z0-9_-]{22}$/, 'Not a game_id: call create_game to get one.')
          .describe('The game_id returned by create_game.'),
      },
    },
    withSharedState(async ({ game_id }, extra) => {
      const gameDenied = await gameHandles.check(game_id, extra);
      if (gameDenied) return gameDenied;
      return {
        content: [{ type: 'text', text: `Score: ${(await gameFor(game_id)).score} after ${(await gameFor(game_id)).moves.length} moves` }],
      };
    }),
  );

  server.registerTool(
    'create_game',
    {
      description:
        'Create a new game and return its game_id. Pass the game_id to play and score. A game_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_game again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same game_id instead of creating a second game, for as long as that game_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const game_id = await gameHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text', text: `game_id: ${game_id}` }], structuredContent: { game_id } };
    },
  );

  return server;
}
