import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handle-hygiene/lookup-miss.js';
import { RELAYED_IDS } from './relayed-ids.js';

const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
const boards = new Map<string, string[]>();
server.registerTool('create_board', {}, async () => {
  const board_id = randomUUID();
  boards.set(board_id, []);
  return { content: [], structuredContent: { board_id } };
});
`;
const text = (s: string) => `{ content: [{ type: 'text' as const, text: ${s} }] }`;

ruleTester(rule, {
  valid: [
    {
      name: 'a miss returns a tool error that names the minting tool',
      code: `${HEAD}server.registerTool('pin', { inputSchema: { board_id: z.string(), note: z.string() } }, async ({ board_id, note }) => {
  const board = boards.get(board_id);
  if (!board) return { ...${text("'Unknown board_id. Call create_board first.'")}, isError: true };
  board.push(note);
  return ${text("'ok'")};
});`,
    },
    {
      name: 'a miss throws an error naming the minting tool (the SDK answers it with isError)',
      code: `${HEAD}function boardOf(id: string) {
  const board = boards.get(id);
  if (board === undefined) throw new Error(\`board_id \${id} is unknown; call create_board.\`);
  return board;
}
server.registerTool('pin', { inputSchema: { board_id: z.string() } }, async ({ board_id }) => {
  boardOf(board_id).push('x');
  return ${text("'ok'")};
});`,
    },
    {
      name: 'a guard on the handle before the lookup returns what a checker built',
      code: `${HEAD}declare function checkHandle(id: string): { content: { type: 'text'; text: string }[]; isError: true } | undefined;
server.registerTool('pin', { inputSchema: { board_id: z.string() } }, async ({ board_id }) => {
  const denied = checkHandle(board_id);
  if (denied) return denied;
  const board = boards.get(board_id) ?? [];
  return ${text('String(board.length)')};
});`,
    },
    {
      name: 'the lookup in a helper that returns it; the caller tests it',
      code: `${HEAD}const find = (id: string) => boards.get(id);
server.registerTool('pin', { inputSchema: { board_id: z.string() } }, async (args) => {
  const board = find(args.board_id);
  if (!board) return { ...${text("'No such board_id: call create_board.'")}, isError: true };
  return ${text('String(board.length)')};
});`,
    },
    {
      name: 'a request de-duplication map keyed by a composite string with an id no tool mints (relayed, echoed) is no handle lookup',
      code: RELAYED_IDS,
    },
  ],
  invalid: [
    {
      name: 'the miss is used as if it could not happen (a non-null assertion)',
      code: `${HEAD}server.registerTool('pin', { inputSchema: { board_id: z.string(), note: z.string() } }, async ({ board_id, note }) => {
  const board = boards.get(board_id)!;
  board.push(note);
  return ${text("'ok'")};
});`,
      errors: [{ messageId: 'missFlows', line: 12, data: { tool: 'pin', argument: 'board_id', mintTool: 'create_board' } }],
    },
    {
      name: 'a miss starts a fresh board (get-or-create), and a miss defaulted with ??',
      code: `${HEAD}function boardOf(id: string) {
  let board = boards.get(id);
  if (!board) {
    board = [];
    boards.set(id, board);
  }
  return board;
}
server.registerTool('pin', { inputSchema: { board_id: z.string() } }, async ({ board_id }) => {
  boardOf(board_id).push('x');
  return ${text("'ok'")};
});
server.registerTool('count', { inputSchema: { board_id: z.string() } }, async ({ board_id }) => ${text('String((boards.get(board_id) ?? []).length)')});`,
      errors: [
        { messageId: 'missFlows', line: 12 },
        { messageId: 'missFlows', line: 23 },
      ],
    },
    {
      name: 'a miss answered without isError, and one with isError but no word of create_board',
      code: `${HEAD}server.registerTool('pin', { inputSchema: { board_id: z.string() } }, async ({ board_id }) => {
  const board = boards.get(board_id);
  if (!board) return ${text("'Nothing here.'")};
  return ${text('String(board.length)')};
});
server.registerTool('clear', { inputSchema: { board_id: z.string() } }, async ({ board_id }) => {
  const board = boards.get(board_id);
  if (!board) {
    return { ...${text("'Board not found.'")}, isError: true };
  }
  board.length = 0;
  return ${text("'cleared'")};
});`,
      errors: [
        { messageId: 'weakError', line: 13 },
        { messageId: 'weakError', line: 19 },
      ],
    },
    {
      name: 'low-level Server: JSON Schema tools, the tools/call branch goes on with a missing session',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
const games = new Map<string, { moves: string[] }>();
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: 'new_game', inputSchema: { type: 'object', properties: {} } },
    { name: 'move', inputSchema: { type: 'object', properties: { game_id: { type: 'string' }, move: { type: 'string' } }, required: ['game_id', 'move'] } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params;
  const args = request.params.arguments as { game_id: string; move: string };
  switch (name) {
    case 'new_game': {
      const game_id = randomUUID();
      games.set(game_id, { moves: [] });
      return { content: [{ type: 'text', text: \`game_id: \${game_id}\` }] };
    }
    case 'move': {
      const game = games.get(args.game_id);
      game?.moves.push(args.move);
      return { content: [{ type: 'text', text: 'ok' }] };
    }
  }
  throw new Error('unknown tool');
});`,
      errors: [{ messageId: 'missFlows', line: 22, data: { tool: 'move', argument: 'game_id', mintTool: 'new_game' } }],
    },
  ],
});
