/**
 * Tools registered by plugin modules the server loads at run time (purinton/mcp-server loads each file of its
 * tools folder and hands it the server): neither the analysis nor the official codemod can see their
 * `server.tool(…)` calls, which throw on SDK v2's McpServer. The call that hands the server over is marked.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';

export async function createServer(toolsDir: string): Promise<McpServer> {
  const server = new McpServer({ name: 'plugins', version: '1.0.0' });
  for (const file of await readdir(toolsDir)) {
    if (!file.endsWith('.js')) continue;
    const plugin = await import(pathToFileURL(path.join(toolsDir, file)).href);
    /* @mcp-codemod-error This call hands the server to modules loaded at run time, which neither apply nor the official codemod can see: SDK v2's McpServer has no tool()/prompt()/resource(), so their v1 registrations now throw. Rewrite each as registerTool(name, { description, inputSchema: z.object({ … }), annotations }, handler) (registerPrompt, registerResource). */
    await plugin.default(server);
    /* @mcp-codemod-error This call hands the server to modules loaded at run time, which neither apply nor the official codemod can see: SDK v2's McpServer has no tool()/prompt()/resource(), so their v1 registrations now throw. Rewrite each as registerTool(name, { description, inputSchema: z.object({ … }), annotations }, handler) (registerPrompt, registerResource). */
    await (await import(pathToFileURL(path.join(toolsDir, 'extra', file)).href)).default({ server, name: file });
  }
  return server;
}
