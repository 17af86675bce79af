/** The server type the package's modules are written against (tools.ts takes it from here, not from the SDK). */
import type { McpServer } from '@modelcontextprotocol/server';

export type ScratchServer = McpServer;
