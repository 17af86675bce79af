/**
 * A monorepo whose packages are on different SDK majors (apply held one package's SDK move back): this one is on
 * SDK v2, and its tools live in a module that imports nothing from the SDK (tools.ts), typed through types.ts.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { registerNoteTools } from './tools.js';

export function buildNotesServer(): McpServer {
  const server = new McpServer({ name: 'scratchpad', version: '2.1.0' });
  registerNoteTools(server);
  return server;
}
