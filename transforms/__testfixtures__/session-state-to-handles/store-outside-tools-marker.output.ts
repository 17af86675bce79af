/**
 * Game scores per MCP session (SDK v1), also read by an admin HTTP endpoint outside any tool.
 * Re-keying the store would break the endpoint: apply must leave a marker and change nothing else.
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const scores = new Map<string, number>();

export function createGameServer(): McpServer {
  const server = new McpServer({ name: 'dice-game', version: '1.0.0' });

  server.registerTool(
    'roll',
    { description: 'Roll dice and add them to the score.', inputSchema: { dice: z.number().int().min(1).max(5) } },
    async ({ dice }, extra) => {
      let total = 0;
      for (let i = 0; i < dice; i++) total += 1 + Math.floor(Math.random() * 6);
      // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `scores`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
      scores.set(extra.sessionId!, (scores.get(extra.sessionId!) ?? 0) + total);
      return { content: [{ type: 'text', text: `Rolled ${total}.` }] };
    },
  );

  return server;
}

export const admin = express.Router();

admin.get('/scores/:sessionId', (req, res) => {
  // @mcp-migrate-todo(session-state/keyed-store): not rewritten automatically: the store is also used outside tool handlers. Re-key `scores` by an explicit handle minted by a create tool and checked against the caller.
  res.json({ score: scores.get(req.params.sessionId) ?? 0 });
});
