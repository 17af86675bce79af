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

  /** board_id handles (mcp-migrate): minted by create_board, bound to the caller, expire after 24 hours idle. */
  private readonly boardHandles = createHandleRegistry({
    prefix: 'board',
    argument: 'board_id',
    mintTool: 'create_board',
    ttlMs: 24 * 60 * 60 * 1000,
    onExpire: (id) => this.boards.delete(id),
  });

  constructor() {
    this.server.registerTool(
      'add_card',
      { description: 'Add a card to the todo column.', inputSchema: { title: z.string(), board_id: z.string().describe('The board_id returned by create_board.') } },
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
        inputSchema: { id: z.number().int(), column: z.enum(['todo', 'doing', 'done']), board_id: z.string().describe('The board_id returned by create_board.') },
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
        description: 'Create a new board and return its board_id. Pass the board_id to add_card and move_card. A board_id expires after 24 hours without use; then call create_board again.',
        inputSchema: { idempotency_key: z.string().optional().describe('Optional. Retrying with the same key returns the same board_id instead of creating a second board.') },
      },
      async ({ idempotency_key }, extra) => {
        const board_id = this.boardHandles.mint(extra, idempotency_key);
        return { content: [{ type: 'text' as const, text: `board_id: ${board_id}` }], structuredContent: { board_id } };
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
