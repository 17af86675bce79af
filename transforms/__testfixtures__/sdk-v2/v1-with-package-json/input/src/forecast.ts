import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const forecasts: Record<string, string> = { paris: 'sunny', oslo: 'snow' };

export function registerForecast(server: McpServer): void {
  server.tool(
    'forecast',
    'Tomorrow\'s weather for a city',
    { city: z.string() },
    async ({ city }, extra): Promise<CallToolResult> => {
      await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: `forecast for ${city}` } });
      return { content: [{ type: 'text', text: forecasts[city.toLowerCase()] ?? 'unknown' }] };
    },
  );
}
