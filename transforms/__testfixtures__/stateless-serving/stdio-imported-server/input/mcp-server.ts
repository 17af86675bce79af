/**
 * The server, built once in a module of its own and exported; the stdio entry (stdio.ts) imports it and connects it.
 * serveStdio needs a factory, so this module exports one instead, and the entry serves with it (sweep 16 P1: before,
 * scan said nothing and apply left a marker that spoke of "another block").
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const server = new McpServer({ name: 'greeter', version: '1.0.0' });

server.registerTool('hello', { description: 'Greet someone.', inputSchema: z.object({ name: z.string() }) }, async ({ name }) => ({
  content: [{ type: 'text', text: `Hello, ${name}!` }],
}));
