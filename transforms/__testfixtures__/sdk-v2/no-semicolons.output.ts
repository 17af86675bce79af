// A file written without semicolons (makenotion/notion-mcp-server's style): the imports the official codemod writes
// for it have none either.
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'
import type { CallToolResult } from '@modelcontextprotocol/server'
import { z } from 'zod'

export const server = new McpServer({ name: 'pages', version: '1.0.0' })

server.registerTool('page', { inputSchema: z.object({ id: z.string() }) }, async ({ id }): Promise<CallToolResult> => {
  if (!id) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'no id')
  return { content: [{ type: 'text', text: id }] }
})
