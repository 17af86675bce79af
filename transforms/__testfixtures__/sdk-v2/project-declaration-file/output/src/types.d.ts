// The types every handler takes, declared once (mplabs/anylist-mcp's shape, sweep 27 AA8): a project declaration file
// importing SDK v1 types moves with the modules that use it, or package.json would drop the SDK it imports.
import type { ServerContext } from '@modelcontextprotocol/server';

export type HandlerExtra = ServerContext;
