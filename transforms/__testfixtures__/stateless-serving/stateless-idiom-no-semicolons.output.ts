/**
 * The v1 stateless idiom in a file written without semicolons and with four-space indents (Doist/todoist-ai's
 * prettier style): the handler declarations and the route apply writes follow the file (no `;`, its indents).
 */
import express from 'express'
import { toNodeHandler } from '@modelcontextprotocol/node'
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server'

function getMcpServer() {
    const server = new McpServer({ name: 'todo', version: '4.0.0' })
    server.registerTool('add_task', { description: 'Adds a task.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }))
    return server
}

const app = express()
app.use(express.json())

const mcpHandler = createMcpHandler(getMcpServer)
const mcpNodeHandler = toNodeHandler(mcpHandler)
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body))

app.listen(3000)
