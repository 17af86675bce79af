// Game scores per MCP session (SDK v1, ESM JavaScript); a plain (non-async) helper loads the state.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const games = new Map();

function gameFor(extra) {
  let game = games.get(extra.sessionId);
  if (!game) {
    game = { score: 0, moves: [] };
    games.set(extra.sessionId, game);
  }
  return game;
}

export function createGameServer() {
  const server = new McpServer({ name: 'scores', version: '1.0.0' });

  server.registerTool('play', { description: 'Play a move.', inputSchema: { move: z.string() } }, async ({ move }, extra) => {
    const game = gameFor(extra);
    game.moves.push(move);
    game.score += move.length;
    return { content: [{ type: 'text', text: `Score: ${gameFor(extra).score}` }] };
  });

  server.registerTool('score', { description: 'The current score.' }, async (extra) => {
    return { content: [{ type: 'text', text: `Score: ${gameFor(extra).score} after ${gameFor(extra).moves.length} moves` }] };
  });

  return server;
}
