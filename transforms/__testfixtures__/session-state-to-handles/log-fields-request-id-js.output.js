/**
 * Plain JavaScript, SDK v1: a weather server that tags a child logger with the session id and logs a copy of
 * it on errors. Both become the request id (`extra.requestId`).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const rootLogger = {
  /** @param {Record<string, unknown>} bindings */
  child(bindings) {
    return {
      /** @param {string} message */
      info: (message) => console.error(JSON.stringify({ ...bindings, message })),
    };
  },
  /** @param {string} message @param {unknown} [detail] */
  error: (message, detail) => console.error(message, detail),
};

const FORECASTS = { paris: 'light rain, 14°C', oslo: 'snow, -3°C', lima: 'overcast, 19°C' };

export function createWeatherServer() {
  const server = new McpServer({ name: 'weather', version: '1.2.0' });

  server.registerTool(
    'forecast',
    { description: 'Tomorrow\'s forecast for a city.', inputSchema: { city: z.string() } },
    async ({ city }, extra) => {
      const log = rootLogger.child({ requestId: extra.requestId, tool: 'forecast' });
      log.info(`forecast for ${city}`);
      const forecast = FORECASTS[/** @type {keyof typeof FORECASTS} */ (city.toLowerCase())];
      if (!forecast) {
        const requestId = extra.requestId;
        rootLogger.error(`unknown city ${city} (session ${requestId})`);
        return { content: [{ type: 'text', text: `No forecast for ${city}.` }], isError: true };
      }
      return { content: [{ type: 'text', text: forecast }] };
    },
  );

  return server;
}
