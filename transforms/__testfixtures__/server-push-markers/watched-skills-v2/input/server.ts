/**
 * A local stdio server whose tool describes the skill files of a directory. A file watcher keeps the description in
 * step and announces the change: no call and no connection changes the list, the watcher does (sweep 28 AB8). The
 * sends are published (every listener hears of the change); the update keeps its marker (register the changing set
 * in the factory).
 */
import * as fs from 'node:fs';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const DIR = process.env.SKILLS_DIR ?? '.';

function listSkills(): string[] {
  return fs.readdirSync(DIR).filter((f) => f.endsWith('.md'));
}

function refreshSkills(server: McpServer, skillTool: RegisteredTool): void {
  skillTool.update({ description: `Skills: ${listSkills().join(', ')}` });
  server.server.notification({ method: 'notifications/resources/list_changed' });
  // Tell the client the tool changed.
  server.sendToolListChanged();
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
