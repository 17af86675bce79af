// A file written without semicolons (makenotion/notion-mcp-server's style): the imports the official codemod writes
// for it have none either.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import {
  type CallToolResult,
  ErrorCode,
  McpError,
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

export const server = new McpServer({ name: 'pages', version: '1.0.0' })

server.registerTool('page', { inputSchema: z.object({ id: z.string() }) }, async ({ id }): Promise<CallToolResult> => {
  if (!id) throw new McpError(ErrorCode.InvalidParams, 'no id')
  return { content: [{ type: 'text', text: id }] }
})
