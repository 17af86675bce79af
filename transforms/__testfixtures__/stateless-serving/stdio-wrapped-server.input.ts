/**
 * A stdio server built through an instrumentation wrapper (`Sentry.wrapMcpServerWithSentry(new McpServer(…))`, here
 * a wrapper the platform declares): the wrapper returns the server it is given, so the construction, wrapper
 * included, moves into the factory serveStdio takes, with the registrations after it (sweep 14 M1's review).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

declare function instrumentServer<T extends object>(server: T, options?: { recordInputs?: boolean }): T;

const server = instrumentServer(new McpServer({ name: 'notes', version: '1.0.0' }), { recordInputs: false });

server.registerTool('count', { description: 'Count the words of a text.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
  content: [{ type: 'text', text: String(text.split(/\s+/).filter(Boolean).length) }],
}));

const transport = new StdioServerTransport();
await server.connect(transport);
