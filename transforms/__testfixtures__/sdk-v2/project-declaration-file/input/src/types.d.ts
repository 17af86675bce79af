// The types every handler takes, declared once (mplabs/anylist-mcp's shape, sweep 27 AA8): a project declaration file
// importing SDK v1 types moves with the modules that use it, or package.json would drop the SDK it imports.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

export type HandlerExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;
