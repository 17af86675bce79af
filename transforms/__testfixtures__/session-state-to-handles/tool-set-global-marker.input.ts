/**
 * A design-tool bridge over stdio: `join_channel` picks the channel of a running plugin, and every command after it is
 * sent to that channel. Nothing in a command's request names the channel: the choice lives in the process.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

declare function relay(channel: string, command: string, params: Record<string, unknown>): Promise<unknown>;

let currentChannel: string | null = null;

async function joinChannel(channelName: string): Promise<void> {
  await relay(channelName, 'join', {});
  // Later commands go to this channel.
  currentChannel = channelName;
}

async function sendCommand(command: string, params: Record<string, unknown> = {}): Promise<unknown> {
  if (!currentChannel) throw new Error('Must join a channel before sending commands');
  return relay(currentChannel, command, params);
}

const server = new McpServer({ name: 'design-bridge', version: '1.0.0' });

server.tool('join_channel', 'Join the channel of a running plugin', { channel: z.string() }, async ({ channel }) => {
  await joinChannel(channel);
  return { content: [{ type: 'text', text: `Joined ${channel}` }] };
});

server.tool('get_selection', 'The nodes selected in the document', {}, async () => {
  const selection = await sendCommand('get_selection');
  return { content: [{ type: 'text', text: JSON.stringify(selection) }] };
});

server.tool('set_fill', 'Set the fill colour of a node', { nodeId: z.string(), color: z.string() }, async ({ nodeId, color }) => {
  await sendCommand('set_fill', { nodeId, color });
  return { content: [{ type: 'text', text: `Filled ${nodeId}` }] };
});

await server.connect(new StdioServerTransport());
