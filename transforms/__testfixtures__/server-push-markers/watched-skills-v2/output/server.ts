/**
 * A local stdio server whose tool describes the skill files of a directory. A file watcher keeps the description in
 * step and announces the change: no call and no connection changes the list, the watcher does (sweep 28 AB8). The
 * sends are published (every listener hears of the change); the update keeps its marker (register the changing set
 * in the factory).
 */
import * as fs from 'node:fs';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { publishServerEvent } from './mcp-server-events.js';

const DIR = process.env.SKILLS_DIR ?? '.';

function listSkills(): string[] {
  return fs.readdirSync(DIR).filter((f) => f.endsWith('.md'));
}

function refreshSkills(server: McpServer, skillTool: RegisteredTool): void {
  // @mcp-migrate-todo(server-push/tool-toggle): `update()` runs from a `fs.watch` callback: the list changes while clients are connected, not per connection or per call. On 2026-07-28 a per-request server is built anew for each request and never sees that callback: register the items in the server factory (a resource template over the changing set) and publish the changes with handler.notify.* (HTTP; a shared ServerEventBus across instances) or the instance's send*ListChanged under serveStdio.
  skillTool.update({ description: `Skills: ${listSkills().join(', ')}` });
  publishServerEvent(server.server, { kind: 'resources_list_changed' });
  // Tell the client the tool changed.
  void publishServerEvent(server, { kind: 'tools_list_changed' });
}

async function main(): Promise<void> {
  const server = new McpServer(
    { name: 'skills', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true }, resources: { listChanged: true } } },
  );
  const skillTool = server.registerTool('skill', { description: `Skills: ${listSkills().join(', ')}` }, async () => ({
    content: [{ type: 'text', text: listSkills().join('\n') }],
  }));
  fs.watch(DIR, () => refreshSkills(server, skillTool));
  await server.connect(new StdioServerTransport());
}

void main();
