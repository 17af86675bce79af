/**
 * A kanban board per MCP session, kept in a field of the class that registers the tools.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

type Column = 'todo' | 'doing' | 'done';

interface Board {
  cards: { id: number; title: string; column: Column }[];
  nextId: number;
}

export class KanbanServer {
  readonly server = new McpServer({ name: 'kanban', version: '3.0.0' });
  private readonly boards = new Map<string, Board>();

  /** board_id handles (mcp-migrate): minted by create_board, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
  private readonly boardHandles = createHandleRegistry({
    prefix: 'board',
    argument: 'board_id',
    mintTool: 'create_board',
    ttlMs: 24 * 60 * 60 * 1000,
    maxAgeMs: 7 * 24 * 60 * 60 * 1000,
    maxPerCaller: 100,
    onExpire: (id) => this.boards.delete(id),
  });

  constructor() {
    this.server.registerTool(
      'add_card',
      { description: 'Add a card to the todo column.', inputSchema: { title: z.string(), board_id: z.string().max(28).regex(/^board_[A-Za-z0-9_-]{22}$/, 'Not a board_id: call create_board to get one.').describe('The board_id returned by create_board.') } },
      async ({ title, board_id }, extra) => {
        const boardDenied = this.boardHandles.check(board_id, extra);
        if (boardDenied) return boardDenied;
        const board = this.boardFor(board_id);
        const card = { id: board.nextId++, title, column: 'todo' as Column };
        board.cards.push(card);
        return { content: [{ type: 'text', text: `Card #${card.id} added.` }] };
      },
    );

    this.server.registerTool(
      'move_card',
      {
        description: 'Move a card to another column.',
        inputSchema: { id: z.number().int(), column: z.enum(['todo', 'doing', 'done']), board_id: z.string().max(28).regex(/^board_[A-Za-z0-9_-]{22}$/, 'Not a board_id: call create_board to get one.').describe('The board_id returned by create_board.') },
      },
      async ({ id, column, board_id }, extra) => {
        const boardDenied = this.boardHandles.check(board_id, extra);
        if (boardDenied) return boardDenied;
        const card = this.boardFor(board_id).cards.find((c) => c.id === id);
        if (!card) return { content: [{ type: 'text', text: `No card #${id}.` }], isError: true };
        card.column = column;
        return { content: [{ type: 'text', text: `Card #${id} is now in ${column}.` }] };
      },
    );

    this.server.registerTool(
      'create_board',
      {
        description:
          'Create a new board and return its board_id. Pass the board_id to add_card and move_card. A board_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_board again.',
        inputSchema: {
          idempotency_key: z
            .string()
            .max(128)
            .optional()
            .describe(
              'Optional. Retrying with the same key returns the same board_id instead of creating a second board, for as long as that board_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
            ),
        },
      },
      async ({ idempotency_key }, extra) => {
        const board_id = this.boardHandles.mint(extra, idempotency_key);
        return {
          content: [{ type: 'text' as const, text: `board_id: ${board_id}` }],
          structuredContent: { board_id },
        };
      },
    );
  }

  private boardFor(sessionId: string | undefined): Board {
    const key = sessionId ?? 'local';
    let board = this.boards.get(key);
    if (!board) {
      board = { cards: [], nextId: 1 };
      this.boards.set(key, board);
    }
    return board;
  }
}
