#!/usr/bin/env node
/**
 * Dice server over stdio, built at module level.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const SIDES = 6;

const server = new McpServer({ name: 'dice', version: '1.0.0' });

// One roll per call.
server.registerTool(
  'roll',
  { description: 'Roll dice.', inputSchema: z.object({ count: z.number().int().min(1).max(10) }) },
  async ({ count }) => {
    const rolls = Array.from({ length: count }, () => 1 + Math.floor(Math.random() * SIDES));
    return { content: [{ type: 'text', text: rolls.join(', ') }] };
  },
);

await server.connect(new StdioServerTransport());
console.error('dice: ready on stdio');
