/**
 * The weather server, built once in a module of its own and exported (satty1987/mcp_server's shape, sweep 11 J2): the
 * route in server.js imports it and connects it to a new transport in every request, so concurrent requests race on
 * it. This module's construction becomes the exported factory the route's `createMcpHandler` builds each server with.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { getWeather } from './weather.js';

function createServer() {
  // Create server instance
  const server = new McpServer({
    name: 'weather',
    version: '1.0.0',
  });

  server.registerTool('get_weather', config, callback);
  return server;
}

const config = {
  description: 'Get current weather information for a location.',
  title: 'Get Weather',
  inputSchema: z.object({ location: z.string() }),
};

/**
 * @param {{ location: string }} args
 * @returns {Promise<import('@modelcontextprotocol/server').CallToolResult>}
 */
async function callback({ location }) {
  const weather = await getWeather(location);
  return { content: [{ type: 'text', text: `${location}: ${weather.temperature}°C` }] };
}

export { createServer };
