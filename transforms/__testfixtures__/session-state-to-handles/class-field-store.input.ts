/**
 * A kanban board per MCP session, kept in a field of the class that registers the tools.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type Column = 'todo' | 'doing' | 'done';

interface Board {
  cards: { id: number; title: string; column: Column }[];
  nextId: number;
}

export class KanbanServer {
  readonly server = new McpServer({ name: 'kanban', version: '3.0.0' });
  private readonly boards = new Map<string, Board>();

  constructor() {
    this.server.registerTool(
      'add_card',
      { description: 'Add a card to the todo column.', inputSchema: { title: z.string() } },
      async ({ title }, extra) => {
        const board = this.boardFor(extra.sessionId);
        const card = { id: board.nextId++, title, column: 'todo' as Column };
        board.cards.push(card);
        return { content: [{ type: 'text', text: `Card #${card.id} added.` }] };
      },
    );

    this.server.registerTool(
      'move_card',
      {
        description: 'Move a card to another column.',
        inputSchema: { id: z.number().int(), column: z.enum(['todo', 'doing', 'done']) },
      },
      async ({ id, column }, extra) => {
        const card = this.boardFor(extra.sessionId).cards.find((c) => c.id === id);
        if (!card) return { content: [{ type: 'text', text: `No card #${id}.` }], isError: true };
        card.column = column;
        return { content: [{ type: 'text', text: `Card #${id} is now in ${column}.` }] };
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
