/**
 * A unit converter with no state: the session id only labels log lines (SDK v1).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const FACTORS: Record<string, number> = { 'km->mi': 0.621371, 'mi->km': 1.609344, 'kg->lb': 2.204623, 'lb->kg': 0.453592 };

export function createConverterServer(): McpServer {
  const server = new McpServer({ name: 'converter', version: '1.0.0' });

  server.registerTool(
    'convert',
    {
      description: 'Convert a value between km/mi and kg/lb.',
      inputSchema: { value: z.number(), from: z.enum(['km', 'mi', 'kg', 'lb']), to: z.enum(['km', 'mi', 'kg', 'lb']) },
    },
    async ({ value, from, to }, extra) => {
      const factor = FACTORS[`${from}->${to}`];
      if (factor === undefined) {
        console.error(`[${extra.requestId}] unsupported conversion ${from}->${to}`);
        return { content: [{ type: 'text', text: `Cannot convert ${from} to ${to}.` }], isError: true };
      }
      console.log(`[session ${extra.requestId}] convert ${value} ${from} -> ${to}`);
      return { content: [{ type: 'text', text: `${(value * factor).toFixed(3)} ${to}` }] };
    },
  );

  return server;
}
